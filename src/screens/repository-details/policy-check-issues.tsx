import { Anchor, Badge, Card, Code, Group, Stack, Text, Title } from '@mantine/core'
import { useMemo, type ReactNode } from 'react'
import { Link } from 'wouter'
import type { ApiEndpoint } from '@/data/endpoints'
import type { PolicyViolation } from '@/data/findings'
import { evaluatePolicyChecks, type PolicyCheckIssue } from '@/data/policy-checks'
import { parsePolicy } from '@/data/policy-document'
import { storedPolicyDocument } from '@/state/stored-policy'
import { useDataSource } from '@/state/data-source'
import { useOptionalWorkspace } from '@/state/workspace'
import { FailingRules } from './failing-filter'

/**
 * The policy's API checks over this repository's endpoints, as the policy document in this browser
 * says them: one issue per sensitive endpoint without authentication, naming the rule line.
 */
function useApiPolicyIssues(repository: string, endpoints: readonly ApiEndpoint[]): PolicyCheckIssue[] {
  const { source } = useDataSource()
  const workspace = useOptionalWorkspace()?.databaseName
  const lines = useMemo(() => parsePolicy(storedPolicyDocument(workspace)).lines, [workspace])
  // Sample and generated data show their own policy issues; only imported API descriptions are checked.
  const checked = source.kind === 'workspace' && endpoints.length > 0
  return useMemo(
    () =>
      checked ? evaluatePolicyChecks(lines, [{ name: repository, scanners: [], findings: [], endpoints }]).issues : [],
    [checked, lines, repository, endpoints],
  )
}

function ApiPolicyIssue({ issue, index }: { issue: PolicyCheckIssue; index: number }) {
  const id = `policy-check-${index}`
  const endpoint = `${issue.endpoint.method.toUpperCase()} ${issue.endpoint.path}`
  return (
    <Card withBorder padding="md" component="article" aria-labelledby={id}>
      <Group justify="space-between" align="flex-start" wrap="nowrap" mb="xs">
        <Title order={3} size="h5" id={id}>
          {issue.rule}
        </Title>
        {issue.level && (
          <Badge variant="default" tt="none" style={{ flexShrink: 0 }}>
            {issue.level}
          </Badge>
        )}
      </Group>
      <Text size="sm" mb="sm">
        {issue.message}
      </Text>
      <Group gap="lg">
        <Text size="sm">
          Endpoint: <Code>{endpoint}</Code>
        </Text>
        <Text size="sm">
          Raised by the rule line{' '}
          <Anchor component={Link} href="/policy" size="sm">
            "{issue.rule}" of the policy
          </Anchor>
        </Text>
      </Group>
    </Card>
  )
}

/** The Policy Issues tab: the policy's API checks that fail here, then the scanners' policy issues. */
export function PolicyIssuesWithChecks({
  repository,
  violations,
  endpoints,
  children: scannersPanel,
}: {
  repository: string
  violations: PolicyViolation[]
  endpoints: ApiEndpoint[]
  /** The scanners' policy issues drawn: those a policy line's link names, else every one. */
  children: (shown: PolicyViolation[]) => ReactNode
}) {
  const issues = useApiPolicyIssues(repository, endpoints)
  return (
    <FailingRules repository={repository} violations={violations}>
      {(shown) => <WithCheckIssues issues={issues} violations={shown} scannersPanel={scannersPanel} />}
    </FailingRules>
  )
}

function WithCheckIssues({
  issues,
  violations,
  scannersPanel,
}: {
  issues: PolicyCheckIssue[]
  violations: PolicyViolation[]
  scannersPanel: (shown: PolicyViolation[]) => ReactNode
}) {
  if (issues.length === 0) return scannersPanel(violations)
  return (
    <Stack gap="md">
      <Title order={2} size="h5">
        From the policy's checks
      </Title>
      {issues.map((issue, index) => (
        <ApiPolicyIssue
          key={`${issue.lineIndex}:${issue.endpoint.method}:${issue.endpoint.path}`}
          issue={issue}
          index={index}
        />
      ))}
      {violations.length > 0 && (
        <>
          <Title order={2} size="h5">
            From the scanners
          </Title>
          {scannersPanel(violations)}
        </>
      )}
    </Stack>
  )
}
