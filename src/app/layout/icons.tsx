import {
  IconApi,
  IconBug,
  IconBuildingCommunity,
  IconBuildingSkyscraper,
  IconFlask,
  IconGitBranch,
  IconHome,
  IconRocket,
  IconShieldCheck,
  type Icon,
} from '@tabler/icons-react'
import type { NavigationIcon } from './navigation'
import type { TeamLogo } from '@/data/teams'

export const navigationIcons: Record<NavigationIcon, Icon> = {
  home: IconHome,
  repositories: IconGitBranch,
  vulnerabilities: IconBug,
  policies: IconShieldCheck,
  apis: IconApi,
  organizations: IconBuildingCommunity,
}

export const teamLogos: Record<TeamLogo, Icon> = {
  building: IconBuildingSkyscraper,
  rocket: IconRocket,
  flask: IconFlask,
}
