import { deleteDB } from 'idb'
import { base64url } from 'jose'

/** One workspace per signed-in identity: two people sharing a browser never see each other's data. */
export async function workspaceName(issuer: string, subject: string): Promise<string> {
  const digest = await crypto.subtle.digest('SHA-256', new TextEncoder().encode(`${issuer}\n${subject}`))
  return `vigil-workspace-${base64url.encode(new Uint8Array(digest)).slice(0, 22)}`
}

export const deleteWorkspace = (name: string) => deleteDB(name)
