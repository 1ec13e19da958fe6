import { Anchor, Breadcrumbs, Text } from '@mantine/core'
import { Link, useLocation } from 'wouter'
import { breadcrumbsFor } from '@/app/route-table'

export function AppBreadcrumbs() {
  const [path] = useLocation()
  const [section, page] = breadcrumbsFor(path)
  return (
    <nav aria-label="Breadcrumb">
      <Breadcrumbs separator="›" separatorMargin={6}>
        {section.href ? (
          <Anchor component={Link} href={section.href} size="sm" c="dimmed" visibleFrom="sm">
            {section.label}
          </Anchor>
        ) : (
          <Text size="sm" c="dimmed" visibleFrom="sm">
            {section.label}
          </Text>
        )}
        <Text size="sm" fw={500} aria-current="page">
          {page.label}
        </Text>
      </Breadcrumbs>
    </nav>
  )
}
