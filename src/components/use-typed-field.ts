import { useLayoutEffect, useRef } from 'react'

/**
 * A search field that holds what the user types: only a value set elsewhere (the address, back
 * and forward) is written into it, so a keystroke renders neither the field nor what is around it.
 * The field takes the ref and no `value`.
 */
export function useTypedField(value: string) {
  const field = useRef<HTMLInputElement>(null)
  useLayoutEffect(() => {
    if (field.current && field.current.value !== value) field.current.value = value
  }, [value])
  return field
}
