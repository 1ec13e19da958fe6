import { lazyScreen } from '@/components/lazy-screen'

/** A repository's details (`/repository/{name}`), in a chunk of its own. */
export const repositoryDetailsScreen = lazyScreen(
  () => import('./repository-details-screen'),
  (module) => module.RepositoryDetailsScreen,
)
