import { setup } from 'xstate'
import { DEFAULT_TAB, repositoryTabs, tabKeys, type RepositoryTab } from '@/data/repository-tabs'

export type RepoTabsEvent =
  | { type: 'tab.select'; tab: string }
  /** The address changed: show its tab without writing it back. */
  | { type: 'tab.sync'; tab: string }

/** Tab ids and the camelCase states that stand for them. */
const stateOf = tabKeys

/** A transition to the tab's state, writing the address only when the user chose the tab. */
function toTab(tab: RepositoryTab, write: boolean) {
  return {
    guard: { type: 'isTab', params: { tab } } as const,
    target: `.${stateOf[tab]}`,
    actions: write ? [{ type: 'writeUrl', params: { tab } } as const] : [],
  }
}

/** The active tab of repository details; it starts at policy-issues. */
export const repoTabsMachine = setup({
  types: {
    events: {} as RepoTabsEvent,
    input: {} as { tab?: string | null },
    context: {} as { initialTab: string },
  },
  actions: {
    /** Puts the tab in the address (?tab=). */
    writeUrl: (_, _params: { tab: string }) => {},
  },
  guards: {
    isTab: ({ event }, params: { tab: RepositoryTab }) => event.tab === params.tab,
    startsAt: ({ context }, params: { tab: RepositoryTab }) => context.initialTab === params.tab,
  },
}).createMachine({
  id: 'repoTabs',
  context: ({ input }) => ({ initialTab: input.tab ?? DEFAULT_TAB }),
  initial: 'opening',
  on: {
    'tab.select': [
      ...repositoryTabs.map((tab) => toTab(tab, true)),
      { target: '.unknown', actions: { type: 'writeUrl', params: ({ event }) => ({ tab: event.tab }) } },
    ],
    'tab.sync': [...repositoryTabs.map((tab) => toTab(tab, false)), { target: '.unknown' }],
  },
  states: {
    opening: {
      always: [
        ...repositoryTabs.map((tab) => ({
          guard: { type: 'startsAt', params: { tab } } as const,
          target: stateOf[tab],
        })),
        { target: 'unknown' },
      ],
    },
    policyIssues: {},
    vulnerabilities: {},
    apiSurface: {},
    securityContext: {},
    sourceGraph: {},
    /** A ?tab= value that is no tab: the summary says so and no panel shows. */
    unknown: {},
  },
})

/** The tab id a snapshot's state value stands for, or undefined in the unknown state. */
export function activeTabOf(stateValue: unknown): RepositoryTab | undefined {
  return repositoryTabs.find((tab) => stateOf[tab] === stateValue)
}
