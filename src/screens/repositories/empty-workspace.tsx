import { Alert, Button, Group, Text } from '@mantine/core'
import { IconFileImport } from '@tabler/icons-react'
import { useImportDialog } from '@/state/import'

/** Said where the workspace is chosen but holds nothing yet, with the way to fill it. */
export function EmptyWorkspace() {
  const importDialog = useImportDialog()
  return (
    <Alert color="blue" mb="md" title="Your workspace is empty">
      <Group justify="space-between" gap="sm">
        <Text size="sm">
          Import the files your scanners write (SARIF, OSV-Scanner, CycloneDX, Grype, Trivy, npm audit) to see your own
          repositories here. They stay in this browser.
        </Text>
        <Button size="xs" leftSection={<IconFileImport size={14} aria-hidden />} onClick={importDialog.open}>
          Import scan files
        </Button>
      </Group>
    </Alert>
  )
}
