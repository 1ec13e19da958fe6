import { Center, Group, Loader, Text } from '@mantine/core'

/** Shown while authentication loads (SPEC.md §2). */
export function LoadingScreen() {
  return (
    <Center mih="100vh" role="status" aria-live="polite">
      <Group gap="sm">
        <Loader size="sm" aria-hidden />
        <Text>Loading...</Text>
      </Group>
    </Center>
  )
}
