import { Button, Group, Loader, Text } from '@mantine/core'
import { IconFileTypeCsv } from '@tabler/icons-react'
import { memo, useCallback, useLayoutEffect, useRef } from 'react'
import classes from './results-bar.module.css'

const ExportButtonItself = memo(function ExportButtonItself({ onExport }: { onExport: () => void }) {
  return (
    <Button size="xs" variant="default" leftSection={<IconFileTypeCsv size={16} aria-hidden />} onClick={onExport}>
      Export CSV
    </Button>
  )
})

/**
 * Exports exactly the rows a list shows, as CSV; disabled while it shows none. The button is
 * disabled by the fieldset around it, as HTML disables a form's controls, so that a keystroke
 * that empties the list or fills it again changes one attribute and renders no Mantine button.
 */
export const ExportCsvButton = memo(function ExportCsvButton({
  onExport,
  empty,
}: {
  /** Stable across renders, so that the button itself renders once. */
  onExport: () => void
  empty: boolean
}) {
  return (
    <fieldset disabled={empty} className={classes.disabler} role="presentation">
      <ExportButtonItself onExport={onExport} />
    </fieldset>
  )
})

/** A list's "Showing X of Y" line, announced as it changes, with the export of exactly those rows. */
export function ResultsBar({ text, onExport, empty }: { text: string; onExport: () => void; empty: boolean }) {
  // The button calls the latest export, and so renders only when the list turns empty or back.
  const latestExport = useRef(onExport)
  useLayoutEffect(() => {
    latestExport.current = onExport
  })
  const exportRows = useCallback(() => latestExport.current(), [])
  return <ResultsLine text={text} onExport={exportRows} empty={empty} />
}

/** The line itself: a keystroke that leaves the count as it was does not render it again. */
const ResultsLine = memo(function ResultsLine({
  text,
  onExport,
  empty,
}: {
  text: string
  onExport: () => void
  empty: boolean
}) {
  return (
    <Group justify="space-between" mb="xs">
      <Text size="sm" c="dimmed" role="status">
        {text}
      </Text>
      <ExportCsvButton onExport={onExport} empty={empty} />
    </Group>
  )
})

/** What a screen says while it gathers its rows from every repository. */
export function Gathering({ text }: { text: string }) {
  return (
    <Group gap="xs" role="status">
      <Loader size="xs" aria-hidden />
      <Text size="sm">{text}</Text>
    </Group>
  )
}
