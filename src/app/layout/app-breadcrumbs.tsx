import { Anchor, Box, Group, Text } from '@mantine/core'
import { Link, useLocation } from 'wouter'
import { breadcrumbsFor } from '@/app/route-table'

/**
 * The header's breadcrumb. On a phone only the page shows: the section and its
 * separator are one item, hidden together, so no separator is left dangling.
 */
export function AppBreadcrumbs() {
  const [path] = useLocation()
  const [section, page] = breadcrumbsFor(path)
  return (
    <nav aria-label="Breadcrumb">
      <Group component="ol" gap={6} wrap="nowrap" style={{ listStyle: 'none', margin: 0, padding: 0 }}>
        <Box component="li" visibleFrom="sm" style={{ display: 'flex', gap: 6, alignItems: 'center' }}>
          {section.href ? (
            <Anchor component={Link} href={section.href} size="sm" c="dimmed">
              {section.label}
            </Anchor>
          ) : (
            <Text size="sm" c="dimmed">
              {section.label}
            </Text>
          )}
          <Text span size="sm" c="dimmed" aria-hidden>
            ›
          </Text>
        </Box>
        <li style={{ minWidth: 0 }}>
          {/* Isolated: a name with bidi controls (U+202E) must not reorder anything around it. */}
          <Text size="sm" fw={500} aria-current="page" truncate style={{ unicodeBidi: 'isolate' }}>
            {page.label}
          </Text>
        </li>
      </Group>
    </nav>
  )
}
