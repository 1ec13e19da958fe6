import type { KeyboardEvent } from 'react'

/** Enter or leaving the field saves, Escape cancels. */
export function saveKeys(onSave: () => void, onCancel: () => void) {
  return (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'Enter') {
      event.preventDefault()
      onSave()
    } else if (event.key === 'Escape') {
      event.preventDefault()
      onCancel()
    }
  }
}
