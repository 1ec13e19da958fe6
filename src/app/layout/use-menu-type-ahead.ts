import { useState, type KeyboardEvent } from 'react'
import { createTypeAhead } from '@/lib/type-ahead'

/**
 * Type-ahead for a Mantine Menu.Dropdown with the 1 s reset. It handles printable
 * keys itself (marking them handled), so Mantine's own 500 ms type-ahead stands aside.
 */
export function useMenuTypeAhead() {
  const [next] = useState(() => createTypeAhead())
  return (event: KeyboardEvent<HTMLElement>) => {
    if (event.ctrlKey || event.metaKey || event.altKey || event.key.length !== 1 || event.key === ' ') return
    const dropdown = event.currentTarget
    const items = [...dropdown.querySelectorAll<HTMLElement>('[data-menu-item]:not([data-disabled])')].filter(
      (item) => item.closest('[role="menu"]') === dropdown,
    )
    event.preventDefault()
    const index = next(
      event.key,
      items.map((item) => item.textContent ?? ''),
      items.indexOf(document.activeElement as HTMLElement),
    )
    if (index !== undefined) items[index].focus()
  }
}
