import { assign, setup } from 'xstate'
import {
  defaultFilters,
  isVisibility,
  nextSort,
  type RepositoryFilters,
  type SortColumn,
  type Visibility,
} from '@/queries/repositories/repository-filters'

export type RepoFiltersEvent =
  | { type: 'filters.search'; search: string }
  /** The search field was left (Tab, a click elsewhere): write the address now, not after the pause. */
  | { type: 'filters.commit' }
  | { type: 'filters.visibility'; visibility: Visibility }
  | { type: 'filters.language'; language: string }
  | { type: 'sort.by'; column: SortColumn }
  | { type: 'filters.reset' }
  /** The address changed (back, forward, a shared link): take its filters. */
  | { type: 'filters.sync'; filters: RepositoryFilters }

export const SEARCH_ADDRESS_DELAY_MS = 250

/** Search, visibility and language of All Repositories, combined with AND (SPEC.md §4), and the sort. */
export const repoFiltersMachine = setup({
  types: {
    context: {} as RepositoryFilters,
    events: {} as RepoFiltersEvent,
    input: {} as { filters?: RepositoryFilters },
  },
  actions: {
    /** Puts the filters in the address: typing replaces the entry, a choice adds one. */
    writeUrl: (_, _params: { filters: RepositoryFilters; push: boolean }) => {},
  },
  delays: {
    /** Typing writes the address once it pauses, not on every key. */
    searchSettles: SEARCH_ADDRESS_DELAY_MS,
  },
  guards: {
    isKnownVisibility: ({ event }) => event.type === 'filters.visibility' && isVisibility(event.visibility),
  },
}).createMachine({
  id: 'repoFilters',
  context: ({ input }) => input.filters ?? defaultFilters,
  initial: 'filtering',
  states: {
    filtering: {
      initial: 'settled',
      states: {
        settled: {},
        typing: {
          after: {
            searchSettles: {
              target: 'settled',
              actions: { type: 'writeUrl', params: ({ context }) => ({ filters: context, push: false }) },
            },
          },
          on: {
            'filters.commit': {
              target: 'settled',
              actions: { type: 'writeUrl', params: ({ context }) => ({ filters: context, push: false }) },
            },
          },
        },
      },
      on: {
        'filters.search': {
          target: '.typing',
          reenter: true,
          actions: assign({ search: ({ event }) => event.search }),
        },
        'filters.visibility': {
          guard: 'isKnownVisibility',
          actions: [
            assign({ visibility: ({ event }) => event.visibility }),
            { type: 'writeUrl', params: ({ context }) => ({ filters: context, push: true }) },
          ],
        },
        'filters.language': {
          actions: [
            assign({ language: ({ event }) => event.language || defaultFilters.language }),
            { type: 'writeUrl', params: ({ context }) => ({ filters: context, push: true }) },
          ],
        },
        'sort.by': {
          actions: [
            assign({ sort: ({ context, event }) => nextSort(context.sort, event.column) }),
            { type: 'writeUrl', params: ({ context }) => ({ filters: context, push: true }) },
          ],
        },
        'filters.reset': {
          actions: [
            assign(() => defaultFilters),
            { type: 'writeUrl', params: () => ({ filters: defaultFilters, push: true }) },
          ],
        },
        'filters.sync': { actions: assign(({ event }) => event.filters) },
      },
    },
  },
})
