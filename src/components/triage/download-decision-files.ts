import { downloadBytes, downloadText } from '@/lib/download'
import { zipFiles, type ExportedFile } from '@/workspace/triage/exports/bundle'

/** Saves the exported files: one as itself, several as a zip named `zipName`. */
export function downloadDecisionFiles(files: readonly ExportedFile[], zipName: string, now: Date): void {
  if (files.length === 1) {
    const [file] = files
    downloadText(file.text, file.path, file.path.endsWith('.json') ? 'application/json' : 'text/plain')
    return
  }
  downloadBytes(zipFiles(files, now) as Uint8Array<ArrayBuffer>, zipName, 'application/zip')
}
