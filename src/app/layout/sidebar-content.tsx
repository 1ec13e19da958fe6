import { AppShell, ScrollArea, Stack } from '@mantine/core'
import { NavMain } from './nav-main'
import { NavProjects } from './nav-projects'
import { NavUser } from './nav-user'
import { TeamSwitcher } from './team-switcher'

/** What the sidebar shows, in the desktop column and in the mobile sheet alike. */
export function SidebarContent({ iconMode = false }: { iconMode?: boolean }) {
  return (
    <>
      <AppShell.Section p={iconMode ? 4 : 'xs'}>
        <TeamSwitcher iconMode={iconMode} />
      </AppShell.Section>
      <AppShell.Section grow component={ScrollArea} px={iconMode ? 4 : 'xs'}>
        <Stack gap="lg" py="xs">
          <NavMain iconMode={iconMode} />
          {!iconMode && <NavProjects />}
        </Stack>
      </AppShell.Section>
      <AppShell.Section p={iconMode ? 4 : 'xs'}>
        <NavUser iconMode={iconMode} />
      </AppShell.Section>
    </>
  )
}
