import { Anchor, Button, Card, Group, Stack, Table, Text, Title } from '@mantine/core'
import { IconFileImport } from '@tabler/icons-react'
import { useMemo } from 'react'
import { CatalogueFreshness } from '@/components/catalogue-freshness'
import { useLastSettled, watched } from '@/components/use-last-settled'
import { catalogueStatusesOf } from '@/state/catalogues'
import { useImportDialog } from '@/state/import'
import { useWorkspace } from '@/state/workspace'
import { formatCount, localTime } from '@/lib/format'

/**
 * CISA's KEV catalogue and FIRST's EPSS scores: what the workspace holds, how fresh it is, and how
 * to bring or refresh them.
 */
export function CataloguesCard() {
  const { indexes, summaries } = useWorkspace()
  const { open } = useImportDialog()
  // Read again with each read of the workspace: an import or a sync may have brought a newer one.
  const promise = useMemo(() => summaries && watched(catalogueStatusesOf(indexes)), [indexes, summaries])
  const settled = useLastSettled(promise)
  const catalogues = settled?.result.status === 'ready' ? settled.result.value : undefined
  return (
    <Card withBorder padding="lg" component="section" aria-labelledby="catalogues-heading">
      <Title order={2} size="h4" id="catalogues-heading" mb="xs">
        Exploit intelligence
      </Title>
      <Stack gap="sm">
        <Text size="sm">
          Two public catalogues say which findings attackers exploit: CISA's Known Exploited Vulnerabilities catalogue
          (KEV: exploited today, with a due date to fix them by) and FIRST's EPSS scores (the chance each CVE is
          exploited in the next 30 days, published daily). Vigil matches them to every finding of every tool through its
          CVE and aliases, in this browser. Download them from{' '}
          <Anchor
            href="https://www.cisa.gov/known-exploited-vulnerabilities-catalog"
            target="_blank"
            rel="noreferrer"
            underline="always"
          >
            cisa.gov
          </Anchor>{' '}
          (the JSON feed) and{' '}
          <Anchor href="https://www.first.org/epss/data_stats" target="_blank" rel="noreferrer" underline="always">
            first.org
          </Anchor>{' '}
          (epss_scores-YYYY-MM-DD.csv.gz) and import them, or let the team's feed bring them with each sync.
        </Text>
        {catalogues && catalogues.length > 0 && (
          <Table.ScrollContainer minWidth={560}>
            <Table verticalSpacing="xs" aria-labelledby="catalogues-heading">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th scope="col">Catalogue</Table.Th>
                  <Table.Th scope="col">Version</Table.Th>
                  <Table.Th scope="col">Entries</Table.Th>
                  <Table.Th scope="col">From</Table.Th>
                  <Table.Th scope="col">Imported</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {catalogues.map((status) => (
                  <Table.Tr key={status.kind}>
                    <Table.Td>{status.name}</Table.Td>
                    <Table.Td>{status.version}</Table.Td>
                    <Table.Td>{formatCount(status.entries)}</Table.Td>
                    <Table.Td>
                      {status.origin === 'feed' ? 'The team’s feed' : 'A file'}: <bdi>{status.file}</bdi>
                    </Table.Td>
                    <Table.Td>{localTime(status.importedAt)}</Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        )}
        {catalogues && <CatalogueFreshness catalogues={catalogues} />}
        {settled?.result.status === 'failed' && (
          <Text size="sm" c="red.8" role="alert">
            The catalogues the workspace holds could not be read: reload the page to try again.
          </Text>
        )}
        <Group>
          <Button variant="default" leftSection={<IconFileImport size={16} aria-hidden />} onClick={() => open()}>
            Import a catalogue...
          </Button>
        </Group>
      </Stack>
    </Card>
  )
}
