import type { AnyStateMachine } from 'xstate'
import { addressFiltersMachine } from '@/machines/address-filters.machine'
import { authMachine } from '@/machines/auth.machine'
import { feedSyncMachine } from '@/machines/feed-sync.machine'
import { importMachine } from '@/machines/import.machine'
import { policyEditorMachine } from '@/machines/policy-editor.machine'
import { repoTabsMachine } from '@/machines/repo-tabs.machine'
import { sidebarMachine } from '@/machines/sidebar.machine'
import { themeMachine } from '@/machines/theme.machine'
import { triageMachine } from '@/machines/triage.machine'
import { workspaceMachine } from '@/machines/workspace.machine'

/** Every machine of Vigil, by the file name it lives in. */
export const machines: Record<string, AnyStateMachine> = {
  auth: authMachine,
  theme: themeMachine,
  sidebar: sidebarMachine,
  'repo-tabs': repoTabsMachine,
  'address-filters': addressFiltersMachine,
  'policy-editor': policyEditorMachine,
  import: importMachine,
  'feed-sync': feedSyncMachine,
  triage: triageMachine,
  workspace: workspaceMachine,
}
