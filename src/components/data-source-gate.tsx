import { Alert, Button, Group, Loader, Stack, Text } from '@mantine/core'
import { useEffect, type ReactNode } from 'react'
import { Link } from 'wouter'
import { formatCount } from '@/lib/format'
import { useDataSource, type DataSourceChoice } from '@/state/data-source'

/** What the loading state says is being read. */
export function sourceLoadingText(choice: DataSourceChoice): string {
  if (choice === 'workspace') return 'Reading your workspace...'
  if (typeof choice === 'number') return `Generating ${formatCount(choice)} repositories...`
  return 'Loading...'
}

/** Said, and announced, in place of data while the chosen source is read. */
export function SourceLoading({ choice }: { choice: DataSourceChoice }) {
  return (
    <Group gap="xs" py="xl" justify="center" role="status" aria-live="polite">
      <Loader size="sm" aria-hidden />
      <Text>{sourceLoadingText(choice)}</Text>
    </Group>
  )
}

/** Why the chosen source cannot be shown, with the ways back: the sample data, or the data sources page. */
function SourceProblem({ choice, problem }: { choice: DataSourceChoice; problem: string }) {
  const { choose } = useDataSource()
  return (
    <Alert
      color="red"
      role="alert"
      title={choice === 'workspace' ? 'Your workspace cannot be read' : 'Demo data cannot be shown'}
    >
      <Stack gap="sm">
        <Text size="sm">{problem}</Text>
        <Group gap="xs">
          <Button size="xs" onClick={() => choose('sample')}>
            Show the sample data
          </Button>
          {choice === 'workspace' && (
            <Button size="xs" variant="default" component={Link} href="/organizations/settings">
              Open Data sources
            </Button>
          )}
        </Group>
      </Stack>
    </Alert>
  )
}

export interface DataSourceGateProps {
  /** What shows the data source's data. */
  children: ReactNode
  /** Loads the children's code while the source is read, so neither waits for the other. */
  preload?: () => Promise<unknown>
}

/**
 * Shows its children only once the chosen data source is read: until then a loading state, and
 * when it cannot be read, why, with a way back. Never another source's data meanwhile.
 */
export function DataSourceGate({ children, preload }: DataSourceGateProps) {
  const { status, choice, problem } = useDataSource()
  const loading = status === 'loading'
  useEffect(() => {
    if (loading) void preload?.().catch(() => undefined)
  }, [loading, preload])
  if (status === 'ready') return children
  if (status === 'failed') return <SourceProblem choice={choice} problem={problem ?? ''} />
  return <SourceLoading choice={choice} />
}
