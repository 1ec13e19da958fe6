import { PageHeader } from '@/components/page-header'

export function PolicyDocumentScreen() {
  return <PageHeader title="Policy document" />
}
