import { Card, Group, Loader, Stack, Text, Title } from '@mantine/core'
import { IconDatabase } from '@tabler/icons-react'
import { usePing } from '@/api/use-api'

function localDateTime(value: string | undefined): string {
  if (!value) return 'N/A'
  const date = new Date(value)
  return Number.isNaN(date.getTime()) ? 'N/A' : date.toLocaleString()
}

/** The first tile: a database ping through the API, authenticated by the provider's token. */
export function PingTile() {
  const { data, error, isLoading } = usePing()
  return (
    <Card withBorder padding="lg" component="section" aria-labelledby="ping-heading">
      <Group gap="xs" mb="sm">
        <IconDatabase size={18} aria-hidden />
        <Title order={2} size="h5" id="ping-heading">
          Database ping via the identity provider
        </Title>
      </Group>
      {isLoading ? (
        <Group gap="xs" role="status">
          <Loader size="xs" aria-hidden />
          <Text size="sm">Loading ping response...</Text>
        </Group>
      ) : error ? (
        <Text size="sm" c="red.8" role="alert" data-error={error.message}>
          Error fetching ping response
        </Text>
      ) : (
        <Stack gap={4}>
          <Text size="sm">
            <Text span c="dimmed">
              Time:{' '}
            </Text>
            {localDateTime(data?.current_time)}
          </Text>
          <Text size="sm">
            <Text span c="dimmed">
              User ID:{' '}
            </Text>
            {data?.user_id || 'N/A'}
          </Text>
        </Stack>
      )}
    </Card>
  )
}
