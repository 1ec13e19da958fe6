/** The team switcher's teams. Logos are named here and drawn by the shell. */
export type TeamLogo = 'building' | 'rocket' | 'flask'

export interface Team {
  name: string
  logo: TeamLogo
  plan: 'Enterprise' | 'Startup' | 'Free'
}

export const teams: Team[] = [
  { name: 'Vigil Security', logo: 'building', plan: 'Enterprise' },
  { name: 'Northwind Labs', logo: 'rocket', plan: 'Startup' },
  { name: 'Weekend Projects', logo: 'flask', plan: 'Free' },
]
