import { PageHeader } from '@/components/page-header'

export function RepositoryDetailsScreen({ repoName }: { repoName: string }) {
  return <PageHeader title={repoName} />
}
