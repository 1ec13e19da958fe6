/** Whether the browser refused a write because its storage for the site (localStorage, IndexedDB) is full. */
export function isQuotaError(error: unknown): boolean {
  return error instanceof DOMException && (error.name === 'QuotaExceededError' || error.code === 22)
}
