import { Button, Stack, Text, Title } from '@mantine/core'
import { Link } from 'wouter'

export function NotFoundScreen({ path }: { path: string }) {
  return (
    <Stack align="flex-start" gap="sm">
      <Title order={1} size="h2">
        Page not found
      </Title>
      <Text>
        Nothing lives at <code>{path}</code>.
      </Text>
      <Button component={Link} href="/">
        Go to the dashboard
      </Button>
    </Stack>
  )
}
