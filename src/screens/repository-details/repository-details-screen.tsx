import { Alert, Badge, Button, Card, Group, Loader, Stack, Tabs, Text, Title } from '@mantine/core'
import type { ReactNode } from 'react'
import { IconArrowLeft, IconClock } from '@tabler/icons-react'
import { Link } from 'wouter'
import { useDataSource } from '@/state/data-source'
import { VisibilityLabel } from '@/components/badges'
import type { RepositoryFindings } from '@/data/data-source'
import { scannedFor, type Repository } from '@/data/repositories'
import { tabSummaryText } from '@/data/repository-tabs'
import { ApiSurfacePanel } from './api-surface-panel'
import { VulnerabilitiesWithFilter } from './failing-filter'
import { EmptyState } from './findings-panels'
import { FindingsTab } from './findings-tab'
import { PolicyIssuesWithChecks } from './policy-check-issues'
import { SecurityContextPanel } from './security-context-panel'
import { useRepoTab } from './use-repo-tab'
import { useRepositoryFindings } from './use-repository-findings'

function RepositoryNotFound({ name }: { name: string }) {
  return (
    <Stack align="flex-start" gap="sm">
      <Title order={1} size="h2">
        Repository not found
      </Title>
      <Text>
        The repository "<bdi>{name}</bdi>" could not be found.
      </Text>
      <Button
        component={Link}
        href="/repositories"
        variant="default"
        leftSection={<IconArrowLeft size={16} aria-hidden />}
      >
        All Repositories
      </Button>
    </Stack>
  )
}

export function RepositoryDetails({ repository }: { repository: Repository }) {
  const { source } = useDataSource()
  const { activeTab, tabInAddress, select } = useRepoTab()
  const findings = useRepositoryFindings(source, repository)
  const panel = (render: (loaded: RepositoryFindings) => ReactNode) =>
    findings.status === 'ready' ? (
      render(findings.findings)
    ) : findings.status === 'failed' ? (
      <Alert color="red" role="alert" title="Findings">
        {findings.message}
      </Alert>
    ) : (
      <Group gap="xs" role="status">
        <Loader size="sm" aria-hidden />
        <Text>Loading findings...</Text>
      </Group>
    )
  return (
    <Stack gap="lg">
      <Stack gap={6}>
        <Group gap="sm">
          <Title order={1} size="h2">
            <bdi>{repository.name}</bdi>
          </Title>
          <Badge variant="default" size="lg" tt="none">
            <VisibilityLabel isPrivate={repository.isPrivate} />
          </Badge>
        </Group>
        <Text>{repository.description}</Text>
        <Group gap="md">
          <Group gap={4}>
            <IconClock size={14} aria-hidden />
            <Text size="sm" c="dimmed">
              Updated {repository.lastUpdated}
            </Text>
          </Group>
          <Group gap={4} role="group" aria-label="Languages">
            {repository.languages.map((language) => (
              <Badge key={language} variant="default" tt="none">
                {language}
              </Badge>
            ))}
          </Group>
        </Group>
      </Stack>
      <Card withBorder padding="md" component="section" aria-labelledby="summary-heading">
        <Title order={2} size="h5" id="summary-heading" mb={4}>
          Summary
        </Title>
        <Text size="sm" aria-live="polite" data-testid="tab-summary">
          {tabSummaryText(repository, activeTab ?? tabInAddress ?? '')}
        </Text>
      </Card>
      <Tabs value={activeTab ?? null} onChange={(tab) => tab && select(tab)} keepMounted={false}>
        <Tabs.List>
          <Tabs.Tab value="policy-issues">Policy Issues ({repository.policyViolations})</Tabs.Tab>
          <Tabs.Tab value="vulnerabilities">Vulnerabilities</Tabs.Tab>
          <Tabs.Tab value="api-surface">API Surface</Tabs.Tab>
          <Tabs.Tab value="security-context">Security Context</Tabs.Tab>
          <Tabs.Tab value="source-graph">Source Graph</Tabs.Tab>
        </Tabs.List>
        <Tabs.Panel value="policy-issues" pt="md">
          {panel((loaded) => (
            <PolicyIssuesWithChecks
              repository={repository.name}
              violations={loaded.violations}
              endpoints={loaded.endpoints}
            >
              {(shown) => (
                <FindingsTab
                  tab="policy-issues"
                  repository={repository.name}
                  findings={{ ...loaded, violations: shown }}
                  scanned={scannedFor(repository, 'policyIssues')}
                />
              )}
            </PolicyIssuesWithChecks>
          ))}
        </Tabs.Panel>
        <Tabs.Panel value="vulnerabilities" pt="md">
          {panel((loaded) => (
            <VulnerabilitiesWithFilter repository={repository.name} vulnerabilities={loaded.vulnerabilities}>
              {(shown) => (
                <FindingsTab
                  tab="vulnerabilities"
                  repository={repository.name}
                  findings={{ ...loaded, vulnerabilities: shown }}
                  scanned={scannedFor(repository, 'vulnerabilities')}
                />
              )}
            </VulnerabilitiesWithFilter>
          ))}
        </Tabs.Panel>
        <Tabs.Panel value="api-surface" pt="md">
          {panel((loaded) => (
            <ApiSurfacePanel endpoints={loaded.endpoints} described={scannedFor(repository, 'apiSurface')} />
          ))}
        </Tabs.Panel>
        <Tabs.Panel value="security-context" pt="md">
          {source.kind === 'workspace' ? (
            panel((loaded) => <SecurityContextPanel repository={repository} findings={loaded} />)
          ) : (
            <EmptyState text="Security Context analysis coming soon" comingSoon />
          )}
        </Tabs.Panel>
        <Tabs.Panel value="source-graph" pt="md">
          <EmptyState text="Source Graph visualization coming soon" comingSoon />
        </Tabs.Panel>
      </Tabs>
    </Stack>
  )
}

export function RepositoryDetailsScreen({ repoName }: { repoName: string }) {
  const { source } = useDataSource()
  const repository = source.findRepository(repoName)
  if (!repository) return <RepositoryNotFound name={repoName} />
  return <RepositoryDetails key={repository.id} repository={repository} />
}
