import { Alert, Button, Group, Stack, Text, Title } from '@mantine/core'
import { Component, type ErrorInfo, type ReactNode } from 'react'
import { Link } from 'wouter'

interface Props {
  children: ReactNode
}

interface State {
  error?: Error
}

/**
 * One screen's failure stays in that screen: the sidebar and header keep working, the person
 * reads what went wrong and has a way back (try again, or the dashboard). The route table mounts
 * one per screen, keyed by the address, so moving to another page starts afresh.
 */
export class ScreenErrorBoundary extends Component<Props, State> {
  state: State = {}

  static getDerivedStateFromError(error: unknown): State {
    return { error: error instanceof Error ? error : new Error(String(error)) }
  }

  componentDidCatch(error: unknown, info: ErrorInfo) {
    console.error('A screen failed to render', error, info.componentStack)
  }

  render() {
    const { error } = this.state
    if (!error) return this.props.children
    return (
      <Stack align="flex-start" gap="sm">
        <Title order={1} size="h2">
          This page could not be shown
        </Title>
        <Alert color="red" role="alert" title="What went wrong">
          <Text size="sm">{error.message || error.name}</Text>
        </Alert>
        <Text>The rest of Vigil still works, and nothing of your workspace was changed.</Text>
        <Group gap="xs">
          <Button onClick={() => this.setState({ error: undefined })}>Try again</Button>
          <Button component={Link} href="/" variant="default">
            Go to the dashboard
          </Button>
        </Group>
      </Stack>
    )
  }
}
