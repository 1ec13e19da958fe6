import { ActionIcon, Group, Loader, Menu, NavLink, Stack, Text } from '@mantine/core'
import { IconDots, IconFolder, IconShare3, IconTrash } from '@tabler/icons-react'
import { Link, useLocation } from 'wouter'
import { useDataSource } from '@/state/data-source'
import { sourceLoadingText } from '@/components/data-source-gate'
import { prefetchScreen } from '@/app/route-table'
import { intentPrefetch } from '@/lib/intent-prefetch'
import { useMenuTypeAhead } from '@/app/layout/use-menu-type-ahead'
import { recentProjects } from './navigation'
import classes from './sidebar.module.css'

function ProjectActions({ name }: { name: string }) {
  const typeAhead = useMenuTypeAhead()
  return (
    <Menu position="right-start" width={180} withinPortal>
      <Menu.Target>
        <ActionIcon variant="subtle" color="gray" size={24} aria-label={`Actions for ${name}`}>
          <IconDots size={14} aria-hidden />
        </ActionIcon>
      </Menu.Target>
      <Menu.Dropdown onKeyDown={typeAhead}>
        <Menu.Item leftSection={<IconFolder size={14} aria-hidden />}>View Project</Menu.Item>
        <Menu.Item leftSection={<IconShare3 size={14} aria-hidden />}>Share Project</Menu.Item>
        <Menu.Divider />
        <Menu.Item leftSection={<IconTrash size={14} aria-hidden />}>Delete Project</Menu.Item>
      </Menu.Dropdown>
    </Menu>
  )
}

/** How many projects the sidebar lists: all five samples, the first five of a generated organisation. */
const RECENT_PROJECTS = 5

/** 'Recent projects': the repositories, each with its menu, then 'More'. */
export function NavProjects() {
  const [path] = useLocation()
  const { source, status, choice } = useDataSource()
  const projects =
    status === 'ready'
      ? recentProjects(source.repositories.slice(0, RECENT_PROJECTS).map((repository) => repository.name))
      : []
  return (
    <Stack gap={2} role="group" aria-labelledby="nav-projects">
      <Text id="nav-projects" size="xs" fw={500} c="dimmed" className={classes.groupLabel}>
        Recent projects
      </Text>
      {status === 'loading' && (
        <Group gap="xs" px="sm" py={4} wrap="nowrap" role="status" aria-live="polite">
          <Loader size={12} aria-hidden />
          <Text size="sm">{sourceLoadingText(choice)}</Text>
        </Group>
      )}
      {projects.map((project) => (
        <Group key={project.name} gap={0} wrap="nowrap">
          <NavLink
            component={Link}
            href={project.url}
            {...intentPrefetch(() => prefetchScreen(project.url))}
            label={project.name}
            active={path === project.url}
            leftSection={<IconFolder size={16} aria-hidden />}
            style={{ flex: 1, minWidth: 0 }}
          />
          <ProjectActions name={project.name} />
        </Group>
      ))}
      <NavLink component={Link} href="/repositories" label="More" leftSection={<IconDots size={16} aria-hidden />} />
    </Stack>
  )
}
