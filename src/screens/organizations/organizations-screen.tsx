import { Anchor, Badge, Card, Code, Group, List, SimpleGrid, Stack, Table, Text, Title } from '@mantine/core'
import type { ReactNode } from 'react'
import { Link } from 'wouter'
import { displayName } from '@/auth/claims'
import { PageHeader } from '@/components/page-header'
import { teams } from '@/data/teams'
import { useAuth } from '@/state/auth'

/** `/organizations` and its members and teams sub-routes (settings is the data-sources page). */
export type OrganizationsSection = 'overview' | 'members' | 'teams'

const titles: Record<OrganizationsSection, string> = {
  overview: 'Organizations',
  members: 'Members',
  teams: 'Teams',
}

export function OrganizationsScreen({ section = 'overview' }: { section?: OrganizationsSection }) {
  return (
    <>
      <PageHeader
        title={titles[section]}
        subtitle="What your identity provider says about you, and the teams you work in."
      />
      <Stack gap="md">
        {section !== 'teams' && <YourAccess />}
        {section !== 'members' && <Teams />}
        {section !== 'teams' && <MemberDirectory />}
        {section === 'overview' && (
          <Text size="sm">
            Data sources, imports and the team feed are under{' '}
            <Anchor component={Link} href="/organizations/settings" underline="always">
              Settings
            </Anchor>
            .
          </Text>
        )}
      </Stack>
    </>
  )
}

function Values({ values, empty }: { values: string[]; empty: string }) {
  if (values.length === 0)
    return (
      <Text size="sm" c="dimmed">
        {empty}
      </Text>
    )
  return (
    <Group gap={6}>
      {values.map((value) => (
        <Badge key={value} variant="default" tt="none">
          {value}
        </Badge>
      ))}
    </Group>
  )
}

function Claim({ name, claim, children }: { name: string; claim: string; children: ReactNode }) {
  return (
    <Table.Tr>
      <Table.Th scope="row" w="35%">
        <Text size="sm" fw={600}>
          {name}
        </Text>
        <Code fz="xs">{claim}</Code>
      </Table.Th>
      <Table.Td>{children}</Table.Td>
    </Table.Tr>
  )
}

function flagValue(value: unknown): string {
  // Kinde writes flags as { t: type, v: value }.
  if (value && typeof value === 'object' && 'v' in value) return JSON.stringify((value as { v: unknown }).v)
  return JSON.stringify(value)
}

function YourAccess() {
  const { user, claims } = useAuth()
  const flags = Object.entries(claims?.featureFlags ?? {})
  const organisations = [...new Set([...(claims?.orgCode ? [claims.orgCode] : []), ...(claims?.orgCodes ?? [])])]
  return (
    <Card withBorder padding="lg">
      <Title order={2} size="h4" mb={4}>
        Your access
      </Title>
      <Text size="sm" c="dimmed" mb="sm">
        Read from the tokens {user?.issuer ? <Code>{user.issuer}</Code> : 'your identity provider'} issued when{' '}
        {displayName(user)} signed in.
      </Text>
      <Table verticalSpacing="sm" aria-label="Your access" style={{ overflowWrap: 'anywhere' }}>
        <Table.Tbody>
          <Claim name="Signed in as" claim="sub">
            <Text size="sm">
              {displayName(user)}
              {user?.email ? ` (${user.email})` : ''}
            </Text>
            <Code fz="xs">{user?.id}</Code>
          </Claim>
          <Claim name="Organisations" claim="org_code, org_codes">
            <Values values={organisations} empty="The tokens name no source." />
          </Claim>
          <Claim name="Roles" claim="roles">
            <Values values={claims?.roles ?? []} empty="No roles." />
          </Claim>
          <Claim name="Permissions" claim="permissions">
            <Values values={claims?.permissions ?? []} empty="No permissions." />
          </Claim>
          <Claim name="Feature flags" claim="feature_flags">
            {flags.length === 0 ? (
              <Text size="sm" c="dimmed">
                No feature flags.
              </Text>
            ) : (
              <List size="sm" spacing={2}>
                {flags.map(([name, value]) => (
                  <List.Item key={name}>
                    <Code>{name}</Code>: {flagValue(value)}
                  </List.Item>
                ))}
              </List>
            )}
          </Claim>
        </Table.Tbody>
      </Table>
    </Card>
  )
}

function Teams() {
  return (
    <Card withBorder padding="lg">
      <Title order={2} size="h4" mb="sm">
        Teams
      </Title>
      <Text size="sm" c="dimmed" mb="sm">
        The teams of the team switcher at the top of the sidebar.
      </Text>
      <SimpleGrid cols={{ base: 1, sm: 3 }}>
        {teams.map((team, index) => (
          <Card key={team.name} withBorder padding="sm">
            <Text fw={600} size="sm">
              {team.name}
            </Text>
            <Group gap="xs" mt={4}>
              <Badge variant="light">{team.plan}</Badge>
              <Text size="xs" c="dimmed">
                ⌘{index + 1}
              </Text>
            </Group>
          </Card>
        ))}
      </SimpleGrid>
    </Card>
  )
}

function MemberDirectory() {
  return (
    <Card withBorder padding="lg">
      <Title order={2} size="h4" mb="sm">
        Member directory
      </Title>
      <Text size="sm">
        Vigil does not list your source’s members. A member directory comes from your identity provider’s management
        API, which needs a client secret, and a browser app must never hold one: Vigil has no server to keep it. Your
        identity provider’s admin console lists the members and their roles.
      </Text>
    </Card>
  )
}
