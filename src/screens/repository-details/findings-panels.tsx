import { Anchor, Badge, Card, Code, Group, List, Stack, Text, Title } from '@mantine/core'
import { IconCircleCheck, IconHourglassHigh } from '@tabler/icons-react'
import { EnforcementBadge, SeverityBadge } from '@/components/badges'
import type { PolicyViolation, Vulnerability } from '@/data/findings'

/** Only http(s) links from imported files are followed; anything else (javascript:, data:) is not a link. */
function safeLink(url: string): string | undefined {
  try {
    const parsed = new URL(url)
    return parsed.protocol === 'https:' || parsed.protocol === 'http:' ? parsed.href : undefined
  } catch {
    return undefined
  }
}

export function EmptyState({ text, comingSoon = false }: { text: string; comingSoon?: boolean }) {
  const Icon = comingSoon ? IconHourglassHigh : IconCircleCheck
  return (
    <Group gap="xs" py="lg" justify="center">
      <Icon size={20} color={comingSoon ? undefined : 'var(--mantine-color-green-8)'} aria-hidden />
      <Text>{text}</Text>
    </Group>
  )
}

export function PolicyIssuesPanel({ violations }: { violations: PolicyViolation[] }) {
  if (violations.length === 0) return <EmptyState text="No policy violations found" />
  return (
    <Stack gap="md">
      {violations.map((violation) => (
        <Card key={violation.id} withBorder padding="md" component="article" aria-labelledby={`${violation.id}-title`}>
          <Group justify="space-between" align="flex-start" wrap="nowrap" mb="xs">
            <Title order={3} size="h5" id={`${violation.id}-title`}>
              {violation.title}
            </Title>
            <EnforcementBadge status={violation.enforcementStatus} />
          </Group>
          <Text size="sm" mb="sm">
            {violation.description}
          </Text>
          <Group gap="lg" mb="xs">
            <Text size="sm">
              Rule: <Code>{violation.rule}</Code>
            </Text>
            {violation.remediationEffort && <Text size="sm">Remediation: {violation.remediationEffort}</Text>}
            {violation.tool && <Text size="sm">Found by {violation.tool}</Text>}
            {violation.cwes?.map((cwe) => (
              <Badge key={cwe} variant="default" tt="none">
                {cwe}
              </Badge>
            ))}
            {violation.helpUri && safeLink(violation.helpUri) && (
              <Anchor href={safeLink(violation.helpUri)} target="_blank" rel="noopener noreferrer" size="sm">
                How to fix {violation.rule}
              </Anchor>
            )}
          </Group>
          <Text size="sm" c="dimmed">
            Relevant files
          </Text>
          <List size="sm" spacing={2}>
            {violation.relevantFiles.map((file) => (
              <List.Item key={file}>
                <Code>{file}</Code>
              </List.Item>
            ))}
          </List>
        </Card>
      ))}
    </Stack>
  )
}

export function VulnerabilitiesPanel({ vulnerabilities }: { vulnerabilities: Vulnerability[] }) {
  if (vulnerabilities.length === 0) return <EmptyState text="No vulnerabilities found" />
  return (
    <Stack gap="md">
      {vulnerabilities.map((vulnerability) => (
        <Card
          key={vulnerability.id}
          withBorder
          padding="md"
          component="article"
          aria-labelledby={`${vulnerability.id}-title`}
        >
          <Group justify="space-between" align="flex-start" wrap="nowrap" mb="xs">
            <Title order={3} size="h5" id={`${vulnerability.id}-title`}>
              {vulnerability.title}
            </Title>
            <SeverityBadge severity={vulnerability.severity} />
          </Group>
          {vulnerability.description && vulnerability.description !== vulnerability.title && (
            <Text size="sm" mb="sm">
              {vulnerability.description}
            </Text>
          )}
          <Group gap="lg">
            {vulnerability.file && (
              <Code>
                {vulnerability.file}
                {vulnerability.line ? `:${vulnerability.line}` : ''}
              </Code>
            )}
            <Text size="sm" fw={600}>
              {vulnerability.cve}
            </Text>
            <Text size="sm">
              Package:{' '}
              <Code>
                {vulnerability.package}
                {vulnerability.packageVersion ? `@${vulnerability.packageVersion}` : ''}
              </Code>
            </Text>
            {vulnerability.fixedVersion && <Text size="sm">Fixed in: {vulnerability.fixedVersion}</Text>}
          </Group>
          {(vulnerability.aliases?.length ||
            vulnerability.cvss ||
            vulnerability.epss !== undefined ||
            vulnerability.tool) && (
            <Group gap="lg" mt="xs">
              {vulnerability.aliases && vulnerability.aliases.length > 0 && (
                <Text size="sm">Also known as {vulnerability.aliases.join(', ')}</Text>
              )}
              {vulnerability.cvss && (
                <Text size="sm">
                  CVSS {vulnerability.cvss.version} score {vulnerability.cvss.score.toFixed(1)}{' '}
                  <Code>{vulnerability.cvss.vector}</Code>
                </Text>
              )}
              {vulnerability.epss !== undefined && <Text size="sm">EPSS {(vulnerability.epss * 100).toFixed(1)}%</Text>}
              {vulnerability.tool && (
                <Text size="sm" c="dimmed">
                  {vulnerability.tool}
                  {vulnerability.toolSeverity ? ` rates it ${vulnerability.toolSeverity}` : ''}
                </Text>
              )}
            </Group>
          )}
        </Card>
      ))}
    </Stack>
  )
}
