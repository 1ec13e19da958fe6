import { lazyScreen } from '@/components/lazy-screen'

/** The import dialog: the header's Data menu and the screens open it, so the layout hosts it. */
export { ImportDialog } from './import-dialog'

/** The data-sources page (`/organizations/settings`): the workspace, its imports and the feed. */
export const dataSourcesScreen = lazyScreen(
  () => import('./data-sources-screen'),
  (module) => module.DataSourcesScreen,
)
