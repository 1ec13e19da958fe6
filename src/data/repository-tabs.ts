import type { Repository, TabSummary } from './repositories'

/** The five tabs of repository details, in order; the first is the default. */
export const repositoryTabs = [
  'policy-issues',
  'vulnerabilities',
  'api-surface',
  'security-context',
  'source-graph',
] as const
export type RepositoryTab = (typeof repositoryTabs)[number]
export const DEFAULT_TAB: RepositoryTab = 'policy-issues'

export function isRepositoryTab(value: unknown): value is RepositoryTab {
  return repositoryTabs.includes(value as RepositoryTab)
}

/** Each tab id's camelCase key: its summary's field, and its state in the tabs machine. */
export const tabKeys: Record<RepositoryTab, keyof TabSummary> = {
  'policy-issues': 'policyIssues',
  vulnerabilities: 'vulnerabilities',
  'api-surface': 'apiSurface',
  'security-context': 'securityContext',
  'source-graph': 'sourceGraph',
}

/** The summary card's text for the active tab, with both fallbacks. */
export function tabSummaryText(repository: Pick<Repository, 'name' | 'tabSummary'>, tab: string): string {
  if (!isRepositoryTab(tab)) return `View details for the ${repository.name} repository.`
  const text = repository.tabSummary?.[tabKeys[tab]]
  return text ?? `Analysis for the ${repository.name} repository is currently being processed.`
}
