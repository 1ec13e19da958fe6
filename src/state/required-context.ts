import { useContext, type Context } from 'react'

/** A context's value, or an error naming the hook and the provider it must be used inside. */
export function useRequiredContext<T>(context: Context<T | null>, hook: string, provider: string): T {
  const value = useContext(context)
  if (value === null) throw new Error(`${hook} must be used inside ${provider}`)
  return value
}
