import { Alert, Box, Button, Container, Group, List, Stack, Text, ThemeIcon, Title } from '@mantine/core'
import { IconAlertTriangle, IconApi, IconBug, IconShieldCheck, IconShieldLock } from '@tabler/icons-react'

export interface SignInProblem {
  title: string
  message: string
}

export interface LoggedOutScreenProps {
  onSignIn: () => void
  onSignUp: () => void
  /** Closes the problem message. */
  onDismissProblem?: () => void
  /** Set while a redirect to the provider is under way, so that a second click does nothing. */
  busy?: boolean
  problem?: SignInProblem
}

export function LoggedOutScreen({ onSignIn, onSignUp, onDismissProblem, busy = false, problem }: LoggedOutScreenProps) {
  return (
    <Box mih="100vh">
      <Box component="header" px="lg" py="sm" style={{ borderBottom: '1px solid var(--mantine-color-default-border)' }}>
        <Group justify="space-between">
          <Group gap="xs">
            <IconShieldLock size={26} aria-hidden />
            <Text component="span" fw={700} size="lg">
              Vigil
            </Text>
          </Group>
          <Group gap="sm">
            <Button variant="default" onClick={onSignIn} disabled={busy}>
              Sign in
            </Button>
            <Button onClick={onSignUp} disabled={busy}>
              Sign up
            </Button>
          </Group>
        </Group>
      </Box>
      <Container component="main" size="sm" py={64}>
        <Stack gap="xl">
          {problem && (
            <Alert
              color="red"
              variant="light"
              title={problem.title}
              icon={<IconAlertTriangle />}
              role="alert"
              withCloseButton={onDismissProblem !== undefined}
              closeButtonLabel="Dismiss"
              onClose={onDismissProblem}
            >
              <Stack gap="xs" align="flex-start">
                <Text size="sm">{problem.message}</Text>
                <Button size="xs" color="red" variant="outline" onClick={onSignIn} disabled={busy}>
                  Try signing in again
                </Button>
              </Stack>
            </Alert>
          )}
          <Title order={1}>Application security for development teams</Title>
          <Text size="lg" c="dimmed">
            Vigil shows every repository with its policy violations, vulnerabilities and API surface, so that your team
            fixes what matters first.
          </Text>
          <List spacing="sm" center>
            <List.Item
              icon={
                <ThemeIcon variant="light" radius="xl">
                  <IconShieldCheck size={16} aria-hidden />
                </ThemeIcon>
              }
            >
              Security policies and how well each repository follows them
            </List.Item>
            <List.Item
              icon={
                <ThemeIcon variant="light" radius="xl" color="red">
                  <IconBug size={16} aria-hidden />
                </ThemeIcon>
              }
            >
              Vulnerabilities by severity, with the file, line and package
            </List.Item>
            <List.Item
              icon={
                <ThemeIcon variant="light" radius="xl" color="teal">
                  <IconApi size={16} aria-hidden />
                </ThemeIcon>
              }
            >
              Which endpoints handle personal, payment-card or health data
            </List.Item>
          </List>
          <Text size="sm" c="dimmed">
            Sign in to continue.
          </Text>
        </Stack>
      </Container>
    </Box>
  )
}
