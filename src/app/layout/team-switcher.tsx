import { Group, Kbd, Menu, Text, ThemeIcon, UnstyledButton } from '@mantine/core'
import { IconPlus, IconSelector } from '@tabler/icons-react'
import { useState } from 'react'
import { useMenuTypeAhead } from '@/app/layout/use-menu-type-ahead'
import { teams, type Team } from '@/data/teams'
import { teamLogos } from './icons'
import classes from './sidebar.module.css'

function TeamLogo({ team }: { team: Team }) {
  const Logo = teamLogos[team.logo]
  return (
    <ThemeIcon size={32} radius="md" variant="filled" aria-hidden>
      <Logo size={18} />
    </ThemeIcon>
  )
}

/** The team switcher: three teams, the first selected, picking another replaces it. */
export function TeamSwitcher({ iconMode = false }: { iconMode?: boolean }) {
  const [active, setActive] = useState(teams[0])
  const typeAhead = useMenuTypeAhead()
  return (
    <Menu position={iconMode ? 'right-start' : 'bottom-start'} width={240} withinPortal>
      <Menu.Target>
        <UnstyledButton
          className={classes.menuButton}
          aria-label={iconMode ? `${active.name}, ${active.plan}` : undefined}
          data-testid="team-switcher"
        >
          <Group gap="sm" wrap="nowrap">
            <TeamLogo team={active} />
            {!iconMode && (
              <>
                <div className={classes.grow}>
                  <Text size="sm" fw={600} truncate>
                    {active.name}
                  </Text>
                  <Text size="xs" c="dimmed">
                    {active.plan}
                  </Text>
                </div>
                <IconSelector size={16} aria-hidden />
              </>
            )}
          </Group>
        </UnstyledButton>
      </Menu.Target>
      <Menu.Dropdown onKeyDown={typeAhead}>
        <Menu.Label>Teams</Menu.Label>
        {teams.map((team, index) => (
          <Menu.Item
            key={team.name}
            leftSection={<TeamLogo team={team} />}
            rightSection={<Kbd size="xs">⌘{index + 1}</Kbd>}
            onClick={() => setActive(team)}
            aria-current={team === active ? 'true' : undefined}
          >
            <Text size="sm">{team.name}</Text>
            <Text size="xs" c="dimmed">
              {team.plan}
            </Text>
          </Menu.Item>
        ))}
        <Menu.Divider />
        <Menu.Item leftSection={<IconPlus size={16} aria-hidden />}>Add team</Menu.Item>
      </Menu.Dropdown>
    </Menu>
  )
}
