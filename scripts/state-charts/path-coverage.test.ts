import { adjacencyMapToArray, getAdjacencyMap, getShortestPaths, serializeSnapshot } from '@xstate/graph'
import { afterAll, describe, expect, it } from 'vitest'
import {
  createActor,
  fromCallback,
  fromPromise,
  getStateNodes,
  SimulatedClock,
  type AnyEventObject,
  type AnyStateMachine,
  type AnyTransitionDefinition,
  type InspectionEvent,
} from 'xstate'
import type { LoginOptions, LogoutOptions, Session } from '@/auth/client'
import { AuthError } from '@/auth/errors'
import { repositoryTabs } from '@/data/repository-tabs'
import { authMachine } from '@/machines/auth.machine'
import { feedSyncMachine, type FeedSyncRequest } from '@/machines/feed-sync.machine'
import { importMachine } from '@/machines/import.machine'
import { policyEditorMachine } from '@/machines/policy-editor.machine'
import { addressFiltersMachine } from '@/machines/address-filters.machine'
import { repoTabsMachine } from '@/machines/repo-tabs.machine'
import { sidebarMachine } from '@/machines/sidebar.machine'
import { allStates, allTransitions } from './state-charts'
import { themeMachine } from '@/machines/theme.machine'
import { triageMachine } from '@/machines/triage.machine'
import { SupersededSettlingError, workspaceMachine, type DeletionReply } from '@/machines/workspace.machine'

/**
 * For every machine and each of its inputs, @xstate/graph maps every reachable snapshot and every
 * event it accepts (invoked actors' done and error events and delayed events included). Each edge
 * becomes a path: the shortest path to its snapshot, then its event. Every path is replayed on a
 * real actor, checking each state on the way, while inspection records the states entered and the
 * transitions taken. Both must cover the whole machine.
 */

/** An invoked actor that never settles: the paths send its done and error events themselves. */
const pending = <Output, Input = unknown>() => fromPromise<Output, Input>(() => new Promise<Output>(() => {}))
const quietly = { persist: () => {}, writeUrl: () => {}, saveCookie: () => {}, warnOutOfBounds: () => {} }
const session = (lifetimeMs: number): Session => ({
  accessToken: 'a',
  idToken: 'i',
  refreshToken: 'r',
  expiresAt: lifetimeMs,
  lifetimeMs,
})
const failure = { message: 'failed' }
const importFile = { name: 'a.sarif', blob: new Blob(['{}']) }
const reply = { resolve: () => {}, reject: () => {} }

interface Subject {
  machine: AnyStateMachine
  inputs: unknown[]
  events: AnyEventObject[]
}

const subjects: Record<string, Subject> = {
  triage: {
    machine: triageMachine.provide({
      actions: { announceChange: () => {} },
      actors: { applyDecisions: fromCallback(() => () => {}), undoStep: fromCallback(() => () => {}) },
    }),
    inputs: [
      {
        findings: [
          {
            repository: 'r',
            key: 'a',
            kind: 'vulnerability',
            advisoryId: 'CVE-2024-1',
            severity: 'High',
            tool: 'Grype',
          },
        ],
        now: '2026-03-01T00:00:00Z',
      },
      { findings: [], now: '2026-03-01T00:00:00Z' },
    ],
    events: [
      { type: 'state.choose', state: 'accepted-risk' },
      { type: 'draft.change', change: { reason: 'r', expiresOn: '2026-06-30' } },
      { type: 'draft.submit' },
      { type: 'draft.back' },
      { type: 'decision.confirm' },
      { type: 'decision.edit' },
      { type: 'bulk.started', stepId: 's', total: 2 },
      { type: 'bulk.progressed', done: 1 },
      { type: 'bulk.applied' },
      { type: 'bulk.failed', message: 'm' },
      { type: 'bulk.cancel' },
      { type: 'step.undo' },
      { type: 'undo.applied', count: 1 },
      { type: 'undo.failed', message: 'm' },
      { type: 'triage.restart' },
    ],
  },
  auth: {
    machine: authMachine.provide({
      actions: { cleanAddressBar: () => {}, announceSession: () => {}, reportError: () => {} },
      actors: {
        handleCallback: pending<Session, { url: string }>(),
        refreshSession: pending<Session, { session: Session }>(),
        startLogin: pending<void, LoginOptions>(),
        logout: pending<void, LogoutOptions>(),
        followOtherTabs: fromCallback(() => () => {}),
      },
    }),
    inputs: [
      { url: 'http://localhost/?code=c&state=s', isCallback: true },
      { url: 'http://localhost/', isCallback: false, storedSession: null },
      { url: 'http://localhost/', isCallback: false, storedSession: session(3_600_000) },
      { url: 'http://localhost/', isCallback: false, storedSession: session(-1) },
    ],
    events: [
      { type: 'auth.login' },
      { type: 'auth.register' },
      { type: 'auth.logout' },
      { type: 'auth.renew' },
      { type: 'problem.dismiss' },
      { type: 'session.sync', session: null },
      { type: 'session.sync', session: session(3_600_000) },
      { type: 'xstate.done.actor.handleCallback', output: session(3_600_000) },
      { type: 'xstate.error.actor.handleCallback', error: failure },
      { type: 'xstate.done.actor.renewSession', output: session(3_600_000) },
      { type: 'xstate.error.actor.renewSession', error: failure },
      { type: 'xstate.done.actor.refreshSession', output: session(3_600_000) },
      { type: 'xstate.error.actor.refreshSession', error: failure },
      { type: 'xstate.error.actor.refreshSession', error: new AuthError('session-ended', 'refused') },
      { type: 'xstate.error.actor.refreshSession', error: new AuthError('refresh', 'Failed to fetch') },
      { type: 'xstate.done.actor.logout' },
      { type: 'xstate.error.actor.logout', error: failure },
      { type: 'xstate.error.actor.startLogin', error: failure },
      { type: 'xstate.after.refreshDelay.auth.authenticated.idle' },
    ],
  },
  theme: {
    machine: themeMachine.provide({
      actions: { persist: () => {}, applyScheme: () => {} },
      actors: { watchSystemPreference: fromCallback(() => () => {}) },
    }),
    inputs: ['light', 'dark', 'system', null].map((stored) => ({ stored, defaultTheme: 'light', systemDark: false })),
    events: [
      { type: 'theme.set', theme: 'light' },
      { type: 'theme.set', theme: 'dark' },
      { type: 'theme.set', theme: 'system' },
      { type: 'system.change', dark: true },
    ],
  },
  sidebar: {
    machine: sidebarMachine.provide({ actions: quietly }),
    inputs: [
      { cookie: 'true', isMobile: false },
      { cookie: 'false', isMobile: true },
    ],
    events: [
      { type: 'sidebar.toggle' },
      { type: 'sidebar.set', expanded: true },
      { type: 'sidebar.set', expanded: false },
      { type: 'mobile.set', open: true },
      { type: 'mobile.set', open: false },
      { type: 'viewport.change', isMobile: true },
      { type: 'viewport.change', isMobile: false },
      { type: 'key.down', key: 'b', ctrlKey: true, metaKey: false },
    ],
  },
  'address-filters': {
    machine: addressFiltersMachine,
    inputs: (['push', 'replace'] as const).map((history) => ({ filters: { search: '', severity: 'all' }, history })),
    events: [
      { type: 'filters.type', change: { search: 'lodash' } },
      { type: 'filters.commit' },
      { type: 'filters.choose', change: { severity: 'High' } },
      { type: 'filters.sync', filters: { search: '', severity: 'Low' } },
      { type: 'typing.settled' },
    ],
  },
  'repo-tabs': {
    machine: repoTabsMachine.provide({ actions: quietly }),
    inputs: [undefined, ...repositoryTabs, 'settings'].map((tab) => ({ tab })),
    events: [...repositoryTabs, 'settings'].flatMap((tab) => [
      { type: 'tab.select', tab },
      { type: 'tab.sync', tab },
    ]),
  },
  import: {
    machine: importMachine.provide({
      actions: { announceChange: () => {}, showWorkspace: () => {} },
      actors: { runImport: fromCallback(() => () => {}) },
    }),
    inputs: [undefined],
    events: [
      { type: 'import.start', files: [importFile] },
      { type: 'import.start', files: [] },
      { type: 'import.progress', index: 0, phase: 'writing' },
      {
        type: 'import.file',
        index: 0,
        outcome: { status: 'imported', file: 'a', formatName: 'SARIF', repository: 'r', records: [] },
      },
      {
        type: 'import.file',
        index: 0,
        outcome: { status: 'needs-repository', file: 'a', formatName: 'SARIF', suggestion: 'a' },
      },
      { type: 'import.finished' },
      { type: 'import.failed', message: 'no storage' },
      { type: 'import.cancel' },
      { type: 'import.assign', index: 0, repository: 'named' },
      { type: 'import.reset' },
    ],
  },
  'feed-sync': {
    machine: feedSyncMachine.provide({
      actions: { announceChange: () => {}, showWorkspace: () => {} },
      actors: { runSync: fromCallback(() => () => {}), readSignInFeed: pending<FeedSyncRequest | undefined>() },
    }),
    inputs: [undefined],
    events: [
      {
        type: 'xstate.done.actor.readSignInFeed',
        output: { manifestUrl: 'https://feed.test/manifest.json', show: true },
      },
      { type: 'xstate.done.actor.readSignInFeed', output: undefined },
      { type: 'xstate.error.actor.readSignInFeed', error: failure },
      { type: 'feed.sync', manifestUrl: 'https://feed.test/manifest.json' },
      { type: 'feed.sync', manifestUrl: 'https://feed.test/manifest.json', show: true },
      { type: 'feed.progress', progress: { done: 1, total: 2 } },
      { type: 'feed.synced', report: { syncedAt: 't', fetched: 1, removed: [] } },
      { type: 'feed.failed', message: 'offline' },
      { type: 'feed.cancel' },
    ],
  },
  workspace: {
    machine: workspaceMachine.provide({
      actions: {
        readAgain: () => {},
        readDecisionsAgain: () => {},
        startNewLineage: () => {},
        reportSettleFailure: () => {},
      },
      actors: {
        nameWorkspace: pending<string, { issuer: string; subject: string }>(),
        otherTabs: fromCallback(() => () => {}),
        settleCounts: pending<boolean, { name: string; now: number; expired: string[] }>(),
        deleteWorkspace: pending<void, { name: string; reply: DeletionReply }>(),
      },
    }),
    inputs: [{}],
    events: [
      { type: 'identity.change', identity: { issuer: 'https://id.test', subject: 'alice' } },
      { type: 'identity.change' },
      { type: 'xstate.done.actor.nameWorkspace', output: 'vigil-alice' },
      { type: 'xstate.error.actor.nameWorkspace', error: failure },
      { type: 'workspace.read', summaries: [], waiting: true },
      {
        type: 'workspace.read',
        summaries: [{ name: 'r', triage: { reopensAt: '2020-01-01T00:00:00Z' } }],
        waiting: false,
      },
      { type: 'workspace.read', summaries: [], waiting: false },
      { type: 'xstate.after.settleDelay.workspace.open.ready.waiting' },
      { type: 'xstate.done.actor.settleCounts', output: true },
      { type: 'xstate.done.actor.settleCounts', output: false },
      { type: 'xstate.error.actor.settleCounts', error: new SupersededSettlingError() },
      { type: 'xstate.error.actor.settleCounts', error: failure },
      { type: 'workspace.changed' },
      { type: 'workspace.decisionsChanged' },
      { type: 'otherTab.changed' },
      { type: 'otherTab.decisions' },
      { type: 'workspace.remove', reply },
      { type: 'xstate.done.actor.deleteWorkspace' },
      { type: 'xstate.error.actor.deleteWorkspace', error: failure },
    ],
  },
  'policy-editor': {
    machine: policyEditorMachine.provide({ actions: quietly }),
    inputs: [
      { document: '---\ntitle: T\ntags: [a]\n---\n# Heading [Mandatory]\n- rule {cwe: 1} [Mandatory]', original: 'x' },
    ],
    events: [
      { type: 'tags.edit' },
      { type: 'draft.change', text: 'b, c' },
      { type: 'tags.save' },
      { type: 'line.edit', index: 1 },
      { type: 'line.edit', index: 9 },
      { type: 'line.save' },
      { type: 'check.edit', index: 1 },
      { type: 'check.edit', index: 0 },
      { type: 'check.save' },
      { type: 'edit.cancel' },
      { type: 'level.select', index: 1, level: 'Recommended' },
      { type: 'enforcement.select', level: 'Mandatory' },
      { type: 'document.reset' },
      { type: 'storage.saved' },
      { type: 'storage.failed' },
    ],
  },
}

/**
 * The events a snapshot can receive: an invoked actor's done or error event only while that actor
 * runs, as in the app (an error event nobody handles would fail the actor).
 */
function eventsFor(events: AnyEventObject[]) {
  return (snapshot: { children: Record<string, unknown> }) =>
    events.filter((event) => {
      const actor = /^xstate\.(?:done|error)\.actor\.(.+)$/.exec(event.type)
      return !actor || actor[1] in snapshot.children
    })
}

const report: string[] = []
// The report is this test's output: the run prints the coverage of each machine.
afterAll(() => console.log(`\nState-chart path coverage\n${report.join('\n')}`))

/**
 * Replaying every edge of the larger machines is seconds of pure computation, more on a busy
 * machine: the budget is for the work, not a wait for something to happen.
 */
const REPLAY_BUDGET_MS = 60_000

describe('path coverage', () => {
  for (const [name, { machine, inputs, events }] of Object.entries(subjects)) {
    it(`${name}: replayed paths reach every state and take every transition`, { timeout: REPLAY_BUDGET_MS }, () => {
      const statesSeen = new Set<string>()
      const transitionsTaken = new Set<AnyTransitionDefinition>()
      const record = (inspection: InspectionEvent) => {
        // Only the machine itself has state values and microsteps; its invoked stubs have neither.
        if (inspection.type !== '@xstate.microstep' && inspection.type !== '@xstate.snapshot') return
        const snapshot = inspection.snapshot as { value?: unknown }
        if (snapshot.value !== undefined) {
          for (const node of getStateNodes(machine.root, snapshot.value as never)) statesSeen.add(node.id)
        }
        if (inspection.type === '@xstate.microstep') {
          for (const transition of (inspection as { _transitions: AnyTransitionDefinition[] })._transitions) {
            transitionsTaken.add(transition)
            // A transient state (left at once by an eventless transition) shows in no snapshot.
            statesSeen.add(transition.source.id)
          }
        }
      }
      let paths = 0
      for (const input of inputs) {
        const options = { input, events: eventsFor(events) }
        const shortest = new Map(
          getShortestPaths(machine, options).map((path) => [serializeSnapshot(path.state), path]),
        )
        const edges = adjacencyMapToArray(getAdjacencyMap(machine, options))
        for (const edge of edges) {
          const base = shortest.get(serializeSnapshot(edge.state as never))
          if (!base) throw new Error(`${name}: no path to a snapshot the graph reached`)
          const path = { state: edge.nextState, steps: [...base.steps, { event: edge.event, state: edge.nextState }] }
          paths += 1
          const actor = createActor(machine, { input, clock: new SimulatedClock(), inspect: record })
          actor.start()
          for (const step of path.steps) {
            if (step.event.type !== 'xstate.init') actor.send(step.event)
            expect(actor.getSnapshot().value, `${name} after ${step.event.type}`).toEqual(step.state.value)
          }
          expect(actor.getSnapshot().value).toEqual(path.state.value)
          actor.stop()
        }
      }
      const states = allStates(machine).map((node) => node.id)
      const transitions = allTransitions(machine)
      const missingStates = states.filter((id) => !statesSeen.has(id))
      const missingTransitions = transitions.filter((transition) => !transitionsTaken.has(transition))
      report.push(
        `${name.padEnd(14)} states ${states.length - missingStates.length}/${states.length}, transitions ${transitions.length - missingTransitions.length}/${transitions.length} (${paths} paths)`,
      )
      expect(missingStates).toEqual([])
      expect(missingTransitions.map((transition) => `${transition.source.id} on '${transition.eventType}'`)).toEqual([])
    })
  }
})
