import { Alert, Code, Container, List, Stack, Text, Title } from '@mantine/core'
import type { ConfigProblem } from '@/config/config'

/** Shown instead of the app when the build-time configuration is wrong. */
export function ConfigErrorScreen({ problems }: { problems: ConfigProblem[] }) {
  return (
    <Container component="main" size="sm" py={64}>
      <Stack>
        <Title order={1}>Vigil cannot start</Title>
        <Alert color="red" title="The configuration has a problem" role="alert">
          <List spacing="xs">
            {problems.map((problem) => (
              <List.Item key={problem.variable}>
                <Code>{problem.variable}</Code> {problem.message}
              </List.Item>
            ))}
          </List>
        </Alert>
        <Text size="sm" c="dimmed">
          Fix the variable in your <Code>.env</Code> file or build environment, then build Vigil again. Leave{' '}
          <Code>VITE_AUTH_DOMAIN</Code> unset to run the demo.
        </Text>
      </Stack>
    </Container>
  )
}
