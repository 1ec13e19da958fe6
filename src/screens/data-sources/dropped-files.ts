/** A file picked or dropped, with its path inside the folder it came in (if any). */
export interface PickedFile {
  file: File
  /** `folder/sub/name.json` for a file of a folder, else the file's name. */
  path: string
}

/** Files from an `<input type="file">`, with their paths when a folder was chosen. */
export function pickedFiles(list: FileList | null): PickedFile[] {
  return Array.from(list ?? [], (file) => ({ file, path: file.webkitRelativePath || file.name }))
}

function readEntries(reader: FileSystemDirectoryReader): Promise<FileSystemEntry[]> {
  return new Promise((resolve, reject) => reader.readEntries(resolve, reject))
}

async function walk(entry: FileSystemEntry, found: PickedFile[]): Promise<void> {
  if (entry.isFile) {
    const file = await new Promise<File>((resolve, reject) => (entry as FileSystemFileEntry).file(resolve, reject))
    found.push({ file, path: entry.fullPath.replace(/^\/+/, '') })
    return
  }
  const reader = (entry as FileSystemDirectoryEntry).createReader()
  // readEntries answers in batches until it answers none.
  for (let batch = await readEntries(reader); batch.length > 0; batch = await readEntries(reader)) {
    for (const child of batch) await walk(child, found)
  }
}

/** Files (and every file of folders) dropped on the page. */
export async function droppedFiles(transfer: DataTransfer): Promise<PickedFile[]> {
  const entries = Array.from(transfer.items, (item) => item.webkitGetAsEntry?.() ?? null)
  if (entries.every((entry) => entry === null)) return pickedFiles(transfer.files)
  const found: PickedFile[] = []
  for (const entry of entries) if (entry) await walk(entry, found)
  return found
}
