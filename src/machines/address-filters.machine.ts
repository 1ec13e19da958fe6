import { assign, cancel, emit, raise, setup } from 'xstate'

/**
 * How a screen's filter changes enter the browser's history. `push`: each choice (a select, a
 * sort, a reset) is an entry of its own, so that Back undoes it; `replace`: filtering never fills
 * the Back button. Typing always replaces: one entry per keystroke pause would be noise.
 */
export type HistoryPolicy = 'push' | 'replace'

export type AddressFiltersEvent<Filters extends object> =
  /** A choice (a select, a toggle, a sort, a reset): shown and written to the address at once. */
  | { type: 'filters.choose'; change: Partial<Filters> }
  /** A keystroke in the search field: shown at once, written to the address once typing pauses. */
  | { type: 'filters.type'; change: Partial<Filters> }
  /** The search field was left (Tab, a click elsewhere): write the address now, not after the pause. */
  | { type: 'filters.commit' }
  /** The address changed (back, forward, a shared link, a sidebar sub-route): take its filters. */
  | { type: 'filters.sync'; filters: Filters }

/** Emitted when the address should follow the filters; the screen's hook writes it. */
export interface AddressWrite<Filters extends object> {
  type: 'address.write'
  filters: Filters
  /** True: a new history entry; false: replace the current one. */
  push: boolean
}

/** Raised by the machine itself once typing has paused; the next keystroke cancels it. */
type TypingSettled = { type: 'typing.settled' }

/** The id of the pending `typing.settled`, to cancel it. */
const SETTLE_ID = 'typingSettles'

/** How long typing must pause before the address follows the search text. */
export const TYPING_ADDRESS_DELAY_MS = 250

/**
 * The filters of a screen that keeps them in the address query (`/repositories`,
 * `/vulnerabilities`, `/apis`): the screen renders from this machine's context, so a keystroke
 * never waits for the router, and the address follows: at once for a choice, once typing pauses
 * for the search text. An address changed elsewhere is taken as it is and never written back.
 */
export function createAddressFiltersMachine<Filters extends object>() {
  return setup({
    types: {
      context: {} as { filters: Filters; history: HistoryPolicy },
      events: {} as AddressFiltersEvent<Filters> | TypingSettled,
      input: {} as { filters: Filters; history: HistoryPolicy },
      emitted: {} as AddressWrite<Filters>,
    },
    actions: {
      writeUrl: emit(
        ({ context }, params: { choice: boolean }) =>
          ({
            type: 'address.write',
            filters: context.filters,
            push: params.choice && context.history === 'push',
          }) as const,
      ),
      take: assign({
        filters: ({ context, event }) =>
          'change' in event ? { ...context.filters, ...event.change } : context.filters,
      }),
      settleLater: raise({ type: 'typing.settled' }, { id: SETTLE_ID, delay: 'typingSettles' }),
      stopSettling: cancel(SETTLE_ID),
    },
    delays: {
      typingSettles: TYPING_ADDRESS_DELAY_MS,
    },
  }).createMachine({
    id: 'addressFilters',
    context: ({ input }) => ({ filters: input.filters, history: input.history }),
    initial: 'settled',
    states: {
      settled: {},
      // Each keystroke moves the pending write later without leaving the state: a transition with
      // no exit and no entry, cheaper than re-entering (docs/benchmarks.md).
      typing: {
        entry: 'settleLater',
        exit: 'stopSettling',
        on: {
          'filters.type': { actions: ['take', 'stopSettling', 'settleLater'] },
          'typing.settled': {
            target: 'settled',
            actions: { type: 'writeUrl', params: { choice: false } },
          },
          'filters.commit': {
            target: 'settled',
            actions: { type: 'writeUrl', params: { choice: false } },
          },
        },
      },
    },
    on: {
      'filters.type': { target: '.typing', actions: 'take' },
      'filters.choose': {
        target: '.settled',
        actions: ['take', { type: 'writeUrl', params: { choice: true } }],
      },
      'filters.sync': { target: '.settled', actions: assign({ filters: ({ event }) => event.filters }) },
    },
  })
}

/** Filters of any shape: the machine as the charts and the inspector see it. */
export type AddressFilters = Record<string, unknown>

export const addressFiltersMachine = createAddressFiltersMachine<AddressFilters>()
