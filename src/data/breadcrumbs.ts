export interface Crumb {
  label: string
  href?: string
}

/** The breadcrumb for a path, exactly as the table of SPEC.md §2. */
export function breadcrumbsFor(path: string): [Crumb, Crumb] {
  if (path === '/') return [{ label: 'Platform', href: '/' }, { label: 'Home' }]
  if (path === '/repositories') return [{ label: 'Platform', href: '/' }, { label: 'All Repositories' }]
  if (path === '/policies') return [{ label: 'Platform', href: '/' }, { label: 'Policies' }]
  const repository = /^\/repository\/([^/]+)\/?$/.exec(path)
  if (repository) return [{ label: 'Repository', href: '/repositories' }, { label: safeDecode(repository[1]) }]
  return [{ label: 'Building Your Application' }, { label: 'Data Fetching' }]
}

function safeDecode(segment: string): string {
  try {
    return decodeURIComponent(segment)
  } catch {
    return segment
  }
}
