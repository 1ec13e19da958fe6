import { TextInput } from '@mantine/core'
import { IconSearch } from '@tabler/icons-react'
import { memo, useLayoutEffect, useRef, type RefObject } from 'react'

/** What useFollowedField reads of a filters' actor: its search text, now and as it changes. */
interface SearchSource {
  getSnapshot(): { context: { filters: { search: string } } }
  subscribe(listener: (snapshot: { context: { filters: { search: string } } }) => void): { unsubscribe(): void }
}

/**
 * The ref of a search field that holds what the user types, for a screen whose parts each read
 * the filters' actor (see useAddressFiltersActor): only a search set elsewhere (the address, back
 * and forward, Clear filters) is written into the field, without a render; a keystroke renders
 * neither the field nor what is around it. The field takes the ref and no `value`.
 */
export function useFollowedField(actor: SearchSource) {
  const field = useRef<HTMLInputElement>(null)
  useLayoutEffect(() => {
    const write = ({ context }: { context: { filters: { search: string } } }) => {
      if (field.current && field.current.value !== context.filters.search) field.current.value = context.filters.search
    }
    write(actor.getSnapshot())
    const subscription = actor.subscribe(write)
    return () => subscription.unsubscribe()
  }, [actor])
  return field
}

/** A list's "Search" field; `onSearch` and `onCommit` should be stable, so that typing renders it not. */
export const TypedSearchField = memo(function TypedSearchField({
  field,
  placeholder,
  basis,
  onSearch,
  onCommit,
}: {
  field: RefObject<HTMLInputElement | null>
  placeholder: string
  /** The field's flex basis in pixels: it grows from there to fill the filter row. */
  basis: number
  onSearch: (search: string) => void
  /** The field was left (Tab, a click): the address is written at once. */
  onCommit: () => void
}) {
  return (
    <TextInput
      ref={field}
      label="Search"
      placeholder={placeholder}
      leftSection={<IconSearch size={16} aria-hidden />}
      onChange={(event) => onSearch(event.currentTarget.value)}
      onBlur={onCommit}
      style={{ flex: `1 1 ${basis}px` }}
      type="search"
    />
  )
})
