import { Alert, Text } from '@mantine/core'
import { IconAlertTriangle } from '@tabler/icons-react'
import { useState } from 'react'
import {
  CATALOGUE_IMPORT_HOW,
  catalogueAge,
  isStale,
  refreshAdvice,
  type CatalogueStatus,
} from '@/data/catalogue-status'
import { plural } from '@/lib/format'

const shortNames: Record<CatalogueStatus['kind'], string> = { kev: 'CISA KEV', epss: 'FIRST EPSS' }

/** "CISA KEV version 2026.12.04 (released 2026-12-04)"… for the line under a list. */
const described = (status: CatalogueStatus) =>
  `${shortNames[status.kind]} ${status.version}${status.kind === 'kev' ? ` (released ${status.date})` : ''}`

/**
 * Where the list's exploitation comes from and how fresh it is: the catalogues' versions and
 * dates, a warning for each one older than a week, and what is unknown without them.
 */
export function CatalogueFreshness({ catalogues }: { catalogues: CatalogueStatus[] }) {
  const [now] = useState(() => Date.now())
  if (catalogues.length === 0) {
    return (
      <Text size="sm" c="dimmed">
        Exploitation is known only where a scanner reported it: import CISA's KEV catalogue and FIRST's EPSS scores (
        {CATALOGUE_IMPORT_HOW}) to see it for every finding.
      </Text>
    )
  }
  const stale = catalogues.filter((status) => isStale(status, now))
  const missing = (['kev', 'epss'] as const).filter((kind) => !catalogues.some((status) => status.kind === kind))
  return (
    <>
      <Text size="sm" c="dimmed">
        Exploitation from {catalogues.map(described).join(' and ')}
        {missing.length > 0 && `; no ${missing.map((kind) => shortNames[kind]).join(' or ')} imported`}.
      </Text>
      {stale.map((status) => (
        <Alert
          key={status.kind}
          color="yellow"
          variant="light"
          // The yellow title on its light ground reads too faintly: the text's own colour.
          styles={{ title: { color: 'var(--mantine-color-text)' } }}
          icon={<IconAlertTriangle size={16} aria-hidden />}
          title={`${status.name}: ${plural(catalogueAge(status, now), 'day')} old`}
        >
          It speaks for {status.date}. {refreshAdvice}
        </Alert>
      ))}
    </>
  )
}
