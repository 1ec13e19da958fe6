import type { AnyStateMachine } from 'xstate'
import { authMachine } from './auth.machine'
import { policyEditorMachine } from './policy-editor.machine'
import { repoFiltersMachine } from './repo-filters.machine'
import { repoTabsMachine } from './repo-tabs.machine'
import { sidebarMachine } from './sidebar.machine'
import { themeMachine } from './theme.machine'

/** Every machine of Vigil, by the file name it lives in. */
export const machines: Record<string, AnyStateMachine> = {
  auth: authMachine,
  theme: themeMachine,
  sidebar: sidebarMachine,
  'repo-filters': repoFiltersMachine,
  'repo-tabs': repoTabsMachine,
  'policy-editor': policyEditorMachine,
}
