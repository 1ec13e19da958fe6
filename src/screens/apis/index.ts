import { lazyScreen } from '@/components/lazy-screen'

export type { ApisView } from './apis-screen'

/** Every endpoint of every repository (`/apis` and its kinds), in a chunk of its own. */
export const apisScreen = lazyScreen(
  () => import('./apis-screen'),
  (module) => module.ApisScreen,
)
