import { AppShell, Button, Group, Text } from '@mantine/core'
import { IconShieldLock } from '@tabler/icons-react'
import { displayName } from '@/auth/claims'
import { useAuth } from '@/api/auth'
import { AppRoutes } from '@/app/routes'

export function AppLayout() {
  const { user, logout } = useAuth()
  return (
    <AppShell header={{ height: 56 }} padding="lg">
      <AppShell.Header px="lg">
        <Group h="100%" justify="space-between">
          <Group gap="xs">
            <IconShieldLock size={24} aria-hidden />
            <Text fw={700}>Vigil</Text>
          </Group>
          <Group gap="sm">
            <Text size="sm">{displayName(user)}</Text>
            <Button variant="default" size="xs" onClick={() => logout()}>
              Sign out
            </Button>
          </Group>
        </Group>
      </AppShell.Header>
      <AppShell.Main>
        <AppRoutes />
      </AppShell.Main>
    </AppShell>
  )
}
