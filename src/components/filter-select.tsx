import { Select, type SelectProps } from '@mantine/core'

export interface FilterSelectProps<Value extends string> extends Omit<SelectProps, 'value' | 'onChange'> {
  value: Value
  onChange: (value: Value) => void
}

/** A filter's choice: always one value (no deselecting), typed as the filter's own values. */
export function FilterSelect<Value extends string>({ value, onChange, ...props }: FilterSelectProps<Value>) {
  return (
    <Select {...props} value={value} allowDeselect={false} onChange={(next) => onChange((next ?? value) as Value)} />
  )
}
