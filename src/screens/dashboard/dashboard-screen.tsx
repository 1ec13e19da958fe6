import { PageHeader } from '@/components/page-header'

export function DashboardScreen() {
  return <PageHeader title="Dashboard" />
}
