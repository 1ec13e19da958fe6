import { NavLink, Stack, Text, Tooltip } from '@mantine/core'
import { IconChevronRight } from '@tabler/icons-react'
import { Link, useLocation } from 'wouter'
import { platformNavigation, prefetchScreen } from '@/app/route-table'
import { intentPrefetch } from '@/lib/intent-prefetch'
import { isNavigationItemActive } from './navigation'
import { navigationIcons } from './icons'
import classes from './sidebar.module.css'

/** The sidebar's 'Platform' group: an item is highlighted on its path or a child's, and open while active. */
export function NavMain({ iconMode = false }: { iconMode?: boolean }) {
  const [path] = useLocation()
  return (
    <Stack gap={2} role="group" aria-labelledby="nav-platform">
      <Text id="nav-platform" size="xs" fw={500} c="dimmed" className={classes.groupLabel} hidden={iconMode}>
        Platform
      </Text>
      {platformNavigation.map((item) => {
        const Icon = navigationIcons[item.icon]
        const active = isNavigationItemActive(item, path)
        if (iconMode) {
          return (
            <Tooltip key={item.url} label={item.title} position="right" openDelay={0} withArrow>
              <Link
                href={item.url}
                {...intentPrefetch(() => prefetchScreen(item.url))}
                className={classes.iconLink}
                aria-label={item.title}
                aria-current={item.url === path ? 'page' : undefined}
                data-active={active || undefined}
              >
                <Icon size={18} aria-hidden />
              </Link>
            </Tooltip>
          )
        }
        if (!item.items) {
          return (
            <NavLink
              key={item.url}
              component={Link}
              href={item.url}
              {...intentPrefetch(() => prefetchScreen(item.url))}
              label={item.title}
              leftSection={<Icon size={18} aria-hidden />}
              active={active}
              aria-current={item.url === path ? 'page' : undefined}
            />
          )
        }
        return (
          <NavLink
            key={item.url}
            component="button"
            label={item.title}
            leftSection={<Icon size={18} aria-hidden />}
            rightSection={<IconChevronRight size={14} aria-hidden />}
            active={active}
            defaultOpened={active}
            childrenOffset={28}
          >
            {item.items.map((child) => (
              <NavLink
                key={child.url}
                component={Link}
                href={child.url}
                label={child.title}
                active={child.url === path}
                aria-current={child.url === path ? 'page' : undefined}
              />
            ))}
          </NavLink>
        )
      })}
    </Stack>
  )
}
