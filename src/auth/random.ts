const unreserved = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-._~'

/** A random string over the URL-safe unreserved characters (RFC 7636 §4.1), without modulo bias. */
export function randomString(length: number, alphabet = unreserved): string {
  const limit = 256 - (256 % alphabet.length)
  let result = ''
  while (result.length < length) {
    for (const byte of crypto.getRandomValues(new Uint8Array(length * 2))) {
      if (byte < limit && result.length < length) result += alphabet[byte % alphabet.length]
    }
  }
  return result
}

/** Lengths of the sign-in's random values: state 32, nonce 16, PKCE verifier 52. */
export const STATE_LENGTH = 32
export const NONCE_LENGTH = 16
export const CODE_VERIFIER_LENGTH = 52
