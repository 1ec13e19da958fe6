import { vi } from 'vitest'

export interface CapturedDownload {
  filename: string
  blob: Blob
}

/** Catches downloads (a blob URL clicked through an anchor) instead of saving them. */
export function captureDownloads() {
  const downloads: CapturedDownload[] = []
  const blobs: Blob[] = []
  const createObjectURL = vi.spyOn(URL, 'createObjectURL').mockImplementation((blob) => {
    blobs.push(blob as Blob)
    return `blob:vigil-test-${blobs.length}`
  })
  const revokeObjectURL = vi.spyOn(URL, 'revokeObjectURL').mockImplementation(() => {})
  const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
    downloads.push({ filename: this.download, blob: blobs[Number(this.href.split('-').at(-1)) - 1] })
  })
  return {
    downloads,
    restore() {
      createObjectURL.mockRestore()
      revokeObjectURL.mockRestore()
      click.mockRestore()
    },
  }
}
