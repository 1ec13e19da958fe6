import { Card, Code, Group, List, Stack, Text, Title } from '@mantine/core'
import { IconCircleCheck, IconHourglassHigh } from '@tabler/icons-react'
import { EnforcementBadge, SeverityBadge } from '@/components/badges'
import type { PolicyViolation, Vulnerability } from '@/data/findings'

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
            <Text size="sm">Remediation: {violation.remediationEffort}</Text>
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
          <Text size="sm" mb="sm">
            {vulnerability.description}
          </Text>
          <Group gap="lg">
            <Code>
              {vulnerability.file}:{vulnerability.line}
            </Code>
            <Text size="sm" fw={600}>
              {vulnerability.cve}
            </Text>
            <Text size="sm">
              Package: <Code>{vulnerability.package}</Code>
            </Text>
          </Group>
        </Card>
      ))}
    </Stack>
  )
}
