import { lazyScreen } from '@/components/lazy-screen'

/** Vulnerabilities across every repository (`/vulnerabilities` and its severities), in a chunk of its own. */
export const vulnerabilitiesScreen = lazyScreen(
  () => import('./vulnerabilities-screen'),
  (module) => module.VulnerabilitiesScreen,
)
