import { lazyScreen } from '@/components/lazy-screen'

/** All Repositories (`/repositories`), in a chunk of its own. */
export const repositoriesScreen = lazyScreen(
  () => import('./repositories-screen'),
  (module) => module.RepositoriesScreen,
)
