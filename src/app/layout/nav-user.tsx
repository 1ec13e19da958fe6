import { Avatar, Group, Menu, Text, UnstyledButton } from '@mantine/core'
import {
  IconBell,
  IconCheck,
  IconCreditCard,
  IconLogout,
  IconPalette,
  IconRosetteDiscountCheck,
  IconSelector,
  IconSparkles,
} from '@tabler/icons-react'
import { useAuth } from '@/state/auth'
import { useOptionalWorkspace } from '@/state/workspace'
import { avatarInitials, displayName } from '@/auth/claims'
import { useMenuTypeAhead } from '@/app/layout/use-menu-type-ahead'
import type { ThemePreference } from '@/machines/theme.machine'
import { useTheme } from '@/state/theme'
import classes from './sidebar.module.css'

const themeChoices: { value: ThemePreference; label: string }[] = [
  { value: 'light', label: 'Light' },
  { value: 'dark', label: 'Dark' },
  { value: 'system', label: 'System' },
]

/** The user menu in the sidebar footer. */
export function NavUser({ iconMode = false }: { iconMode?: boolean }) {
  const { status, user, claims, logout } = useAuth()
  const workspace = useOptionalWorkspace()
  const signOut = async () => {
    // Asked for on the data-sources page: nothing imported outlives the session in this browser.
    if (workspace?.clearOnSignOut) await workspace.remove().catch(() => undefined)
    logout()
  }
  const { preference, setTheme } = useTheme()
  const typeAhead = useMenuTypeAhead()
  const themeTypeAhead = useMenuTypeAhead()
  if (status === 'loading') return <Text size="sm">Loading...</Text>
  if (status !== 'authenticated') return null

  const name = displayName(user)
  const avatar = (
    <Avatar src={user?.picture} alt="" radius="md" size={32} color="indigo" aria-hidden>
      {avatarInitials(user)}
    </Avatar>
  )
  const identity = (
    <div className={classes.grow}>
      <Text size="sm" fw={600} truncate>
        {name}
      </Text>
      <Text size="xs" c="dimmed" truncate>
        {user?.email}
      </Text>
    </div>
  )

  return (
    <Menu position={iconMode ? 'right-end' : 'top-end'} width={260} withinPortal>
      <Menu.Target>
        <UnstyledButton className={classes.menuButton} aria-label={iconMode ? name : undefined} data-testid="user-menu">
          <Group gap="sm" wrap="nowrap">
            {avatar}
            {!iconMode && identity}
            {!iconMode && <IconSelector size={16} aria-hidden />}
          </Group>
        </UnstyledButton>
      </Menu.Target>
      <Menu.Dropdown onKeyDown={typeAhead}>
        <Group gap="sm" wrap="nowrap" p="xs">
          {avatar}
          {identity}
        </Group>
        {(claims?.orgCode || claims?.roles.length) && (
          <Text size="xs" c="dimmed" px="xs" pb={6} data-testid="user-claims">
            {[
              claims.orgCode && `DataSource ${claims.orgCode}`,
              claims.roles.length > 0 && `Roles ${claims.roles.join(', ')}`,
            ]
              .filter(Boolean)
              .join(' · ')}
          </Text>
        )}
        <Menu.Divider />
        <Menu.Item leftSection={<IconSparkles size={16} aria-hidden />}>Upgrade to Pro</Menu.Item>
        <Menu.Divider />
        <Menu.Item leftSection={<IconRosetteDiscountCheck size={16} aria-hidden />}>Account</Menu.Item>
        <Menu.Item leftSection={<IconCreditCard size={16} aria-hidden />}>Billing</Menu.Item>
        <Menu.Item leftSection={<IconBell size={16} aria-hidden />}>Notifications</Menu.Item>
        <Menu.Divider />
        <Menu.Sub openDelay={100} position="right-start">
          <Menu.Sub.Target>
            <Menu.Sub.Item leftSection={<IconPalette size={16} aria-hidden />}>Theme</Menu.Sub.Item>
          </Menu.Sub.Target>
          <Menu.Sub.Dropdown onKeyDown={themeTypeAhead}>
            <Menu.RadioGroup value={preference} onChange={(value) => setTheme(value as ThemePreference)}>
              {themeChoices.map((choice) => (
                <Menu.RadioItem key={choice.value} value={choice.value} checkIcon={<IconCheck size={14} aria-hidden />}>
                  {choice.label}
                </Menu.RadioItem>
              ))}
            </Menu.RadioGroup>
          </Menu.Sub.Dropdown>
        </Menu.Sub>
        <Menu.Divider />
        <Menu.Item leftSection={<IconLogout size={16} aria-hidden />} onClick={() => void signOut()}>
          Sign out
        </Menu.Item>
      </Menu.Dropdown>
    </Menu>
  )
}
