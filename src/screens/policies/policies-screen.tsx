import { PageHeader } from '@/components/page-header'

export function PoliciesScreen() {
  return <PageHeader title="Policies" />
}
