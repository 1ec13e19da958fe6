import { List, Stack, Text } from '@mantine/core'
import type { ApiEndpoint } from '@/data/endpoints'
import { cellDetailClass, cellLineClass, virtualCellClass } from './virtual-table-body'
import classes from './endpoint-parts.module.css'

/** The three sensitive-data columns of an endpoint table, with what each abbreviation means. */
export const dataColumns = [
  { key: 'pii', label: 'PII?', meaning: 'Personally Identifiable Information' },
  { key: 'pci', label: 'PCI?', meaning: 'Payment Card Industry Data' },
  { key: 'phi', label: 'PHI?', meaning: 'Protected Health Information' },
] as const

/** "None" needs a word more when the description made auth optional, or declared no security at all. */
function authNote(endpoint: ApiEndpoint): string | undefined {
  return endpoint.authDeclared === 'optional'
    ? 'optional'
    : endpoint.authDeclared === 'undeclared'
      ? 'not declared'
      : endpoint.authSchemes && endpoint.authSchemes.length > 1
        ? endpoint.authSchemes.join(' or ')
        : undefined
}

/** An endpoint's authentication, with its note (see authNote): a cell's content, as plain elements. */
export function AuthCell({ endpoint }: { endpoint: ApiEndpoint }) {
  const note = authNote(endpoint)
  return (
    <>
      <p className={cellLineClass}>{endpoint.auth}</p>
      {note && <p className={cellDetailClass}>{note}</p>}
    </>
  )
}

export function EndpointReasons({ endpoint }: { endpoint: ApiEndpoint }) {
  return (
    <Stack gap="xs" py={4}>
      {dataColumns.map(({ key, label, meaning }) => {
        const reasons = (endpoint.reasons ?? []).filter((reason) => reason.category === key)
        if (reasons.length === 0) return null
        return (
          <div key={key}>
            <Text size="sm" fw={700}>
              {label.replace('?', '')}: {meaning}
            </Text>
            <List size="sm" spacing={2}>
              {reasons.map((reason) => (
                <List.Item key={reason.text}>{reason.text}</List.Item>
              ))}
            </List>
          </div>
        )
      })}
    </Stack>
  )
}

/** An endpoint's PII, PCI and PHI cells, plain elements: Yes in bold, or No. */
export function DataFlagCells({ endpoint }: { endpoint: ApiEndpoint }) {
  return dataColumns.map((column) => (
    <td key={column.key} className={endpoint[column.key] ? `${virtualCellClass} ${classes.flagged}` : virtualCellClass}>
      {endpoint[column.key] ? 'Yes' : 'No'}
    </td>
  ))
}
