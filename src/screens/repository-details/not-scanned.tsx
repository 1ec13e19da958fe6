import { Button, Stack, Text } from '@mantine/core'
import { IconFileImport, IconHelpCircle } from '@tabler/icons-react'
import { useImportDialog } from '@/state/import'

/** What a tab says where no source of its kind reported on the repository. */
const notScannedTexts = {
  'policy-issues': "Not scanned for policy issues yet: no code scanner's results were imported for this repository.",
  vulnerabilities:
    "Not scanned for vulnerabilities yet: no dependency scanner's results were imported for this repository.",
  'api-surface':
    'No API description imported for this repository: import its OpenAPI or Swagger file to see its endpoints.',
} as const

/**
 * A tab with nothing to show because nothing of its kind looked: said in neutral words, never the
 * green "none found" a scan that found nothing gets, with the way to import.
 */
export function NotScanned({ tab }: { tab: keyof typeof notScannedTexts }) {
  const importDialog = useImportDialog()
  return (
    <Stack gap="sm" py="lg" align="center">
      <Text ta="center">
        <IconHelpCircle size={20} aria-hidden style={{ verticalAlign: 'text-bottom', marginInlineEnd: 6 }} />
        {notScannedTexts[tab]}
      </Text>
      <Button
        size="xs"
        variant="default"
        leftSection={<IconFileImport size={14} aria-hidden />}
        onClick={importDialog.open}
      >
        Import scan files
      </Button>
    </Stack>
  )
}
