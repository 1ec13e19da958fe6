/** The policy homepage's figures and rows. */

export interface LanguagePolicyRow {
  language: string
  totalRepos: number
  /** Percent, 0 to 100. */
  coverage: number
  lastUpdated: string
  healthScore: number
}

export interface AppTypePolicyRow {
  appType: string
  totalRepos: number
  coverage: number
  healthScore: number
  link: string
}

export const policySummary = {
  period: 'Last 30 days',
  statements: [
    'The master policy covers all 3,876 repositories.',
    'Language-specific policies cover 3,176 repos (up 22%).',
    '2 new scoped policies were added (Go, Java).',
    'Mobile and Go remain under-covered with lower maturity.',
  ],
}

export const masterPolicy = { status: 'Applied', coverage: 100, covered: 3876, total: 3876 }

export const languagePolicies: LanguagePolicyRow[] = [
  { language: 'JavaScript/TS', totalRepos: 2104, coverage: 100, lastUpdated: '3 days ago', healthScore: 9.2 },
  { language: 'Python', totalRepos: 178, coverage: 92, lastUpdated: '1 week ago', healthScore: 8.6 },
  { language: 'Java', totalRepos: 64, coverage: 76, lastUpdated: '2 weeks ago', healthScore: 6.4 },
  { language: 'Go', totalRepos: 31, coverage: 58, lastUpdated: '2 weeks ago', healthScore: 5.1 },
  { language: 'PHP', totalRepos: 8, coverage: 0, lastUpdated: 'Never', healthScore: 1.0 },
  { language: 'Kotlin', totalRepos: 3, coverage: 0, lastUpdated: 'Never', healthScore: 1.0 },
]

export const appTypePolicies: AppTypePolicyRow[] = [
  { appType: 'Frontend (Vite)', totalRepos: 437, coverage: 88, healthScore: 8.4, link: '/policies/frontend-vite' },
  { appType: 'Backend (Express)', totalRepos: 192, coverage: 90, healthScore: 8.9, link: '/policies/backend-express' },
  {
    appType: 'Mobile (React Native)',
    totalRepos: 46,
    coverage: 42,
    healthScore: 4.3,
    link: '/policies/mobile-react-native',
  },
  { appType: 'React', totalRepos: 46, coverage: 42, healthScore: 4.3, link: '/policy' },
]

export type HealthLevel = 'strong' | 'fair' | 'weak'

/** Scores and coverage shown by colour, so weak areas stand out. */
export function healthLevel(score: number): HealthLevel {
  if (score >= 8) return 'strong'
  return score >= 5 ? 'fair' : 'weak'
}

export function coverageLevel(percent: number): HealthLevel {
  if (percent >= 85) return 'strong'
  return percent >= 50 ? 'fair' : 'weak'
}
