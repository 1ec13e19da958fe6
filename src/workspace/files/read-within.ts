/**
 * A stream's bytes, read as they arrive and given up as soon as more than `limit` have come:
 * nothing past the limit is ever held. `tooLarge` makes the error thrown then; `inspect` sees each
 * chunk first (with the bytes before it) and may throw to stop the read. The stream is cancelled
 * whenever the read stops early.
 */
export async function readWithin(
  stream: ReadableStream<Uint8Array>,
  limit: number,
  tooLarge: () => Error,
  inspect?: (chunk: Uint8Array, before: number) => void,
): Promise<Uint8Array> {
  const reader = stream.getReader()
  const chunks: Uint8Array[] = []
  let total = 0
  const stop = async (error: unknown): Promise<never> => {
    chunks.length = 0
    await reader.cancel().catch(() => undefined)
    throw error
  }
  for (;;) {
    const next = await reader.read()
    if (next.done) break
    try {
      inspect?.(next.value, total)
    } catch (error) {
      return stop(error)
    }
    total += next.value.byteLength
    if (total > limit) return stop(tooLarge())
    chunks.push(next.value)
  }
  const bytes = new Uint8Array(total)
  let offset = 0
  for (const chunk of chunks) {
    bytes.set(chunk, offset)
    offset += chunk.byteLength
  }
  return bytes
}

/**
 * A response's body within `limit` bytes: refused from its Content-Length before any of it is
 * read, else as soon as more arrives while it streams.
 */
export async function bodyWithin(response: Response, limit: number, tooLarge: () => Error): Promise<Uint8Array> {
  if (Number(response.headers.get('Content-Length')) > limit) {
    await response.body?.cancel().catch(() => undefined)
    throw tooLarge()
  }
  return response.body ? readWithin(response.body, limit, tooLarge) : new Uint8Array(0)
}

/**
 * Passes a stream's bytes on as they come, and errors with `tooLarge()` as soon as more than
 * `limit` have come through (a decompression read as it goes: nothing past the cap is held).
 */
export function bytesWithin(
  limit: number,
  tooLarge: () => Error,
): TransformStream<Uint8Array<ArrayBuffer>, Uint8Array<ArrayBuffer>> {
  let total = 0
  return new TransformStream({
    transform(chunk, controller) {
      total += chunk.byteLength
      if (total > limit) controller.error(tooLarge())
      else controller.enqueue(chunk)
    },
  })
}

/** A byte cap in words, as the messages of a read past it say it. */
export const megabytes = (bytes: number) => `${Math.round(bytes / 1024 / 1024)} MB`
