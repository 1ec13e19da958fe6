import { PageHeader } from '@/components/page-header'

export function RepositoriesScreen() {
  return <PageHeader title="All Repositories" subtitle="Manage and explore your repositories" />
}
