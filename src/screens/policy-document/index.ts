import { lazyScreen } from '@/components/lazy-screen'

/** The policy document (`/policy`), in a chunk of its own. */
export const policyDocumentScreen = lazyScreen(
  () => import('./policy-document-screen'),
  (module) => module.PolicyDocumentScreen,
)
