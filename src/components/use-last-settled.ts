import { useEffect, useState } from 'react'

export type Settled<Value> = { status: 'ready'; value: Value } | { status: 'failed'; error: unknown }

/** A promise that was given to `useLastSettled`, and what it settled to. */
export interface SettledPromise<Value> {
  promise: Promise<Value>
  result: Settled<Value>
}

/**
 * The last of the promises given that settled, with what it settled to: the one given now when
 * `promise` is it, an older one while the one given now is pending. A promise given before the
 * one given now never settles into the state, however late it settles.
 */
export function useLastSettled<Value>(promise: Promise<Value> | undefined): SettledPromise<Value> | undefined {
  const [settled, setSettled] = useState<SettledPromise<Value>>()
  useEffect(() => {
    if (!promise) return
    let given = true
    promise.then(
      (value) => given && setSettled({ promise, result: { status: 'ready', value } }),
      (error: unknown) => given && setSettled({ promise, result: { status: 'failed', error } }),
    )
    return () => {
      given = false
    }
  }, [promise])
  return settled
}

/**
 * `promise`, with its failure watched: a render React never commits (StrictMode's second call, an
 * interrupted render) leaves a promise it made unread, and its failure must not surface as an
 * unhandled rejection.
 */
export function watched<Value>(promise: Promise<Value>): Promise<Value> {
  promise.catch(() => undefined)
  return promise
}
