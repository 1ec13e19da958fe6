import { assign, emit, setup } from 'xstate'

/** Filters of a screen that keeps them in the address query; each screen has its own shape. */
export type AddressFilters = Record<string, unknown>

export type AddressFiltersEvent =
  /** A choice (a select, a toggle): shown and written to the address at once. */
  | { type: 'filters.choose'; change: AddressFilters }
  /** A keystroke in the search field: shown at once, written to the address once typing pauses. */
  | { type: 'filters.type'; change: AddressFilters }
  /** The search field was left (Tab, a click elsewhere): write the address now, not after the pause. */
  | { type: 'filters.commit' }
  /** The address changed (back, forward, a shared link, a sidebar sub-route): take its filters. */
  | { type: 'filters.sync'; filters: AddressFilters }

/** Emitted when the address should follow the filters; the screen's hook writes it. */
export interface AddressWrite {
  type: 'address.write'
  filters: AddressFilters
}

export const TYPING_ADDRESS_DELAY_MS = 250

/**
 * The filters of an organisation-wide screen (`/vulnerabilities`, `/apis`): the screen renders
 * from this machine's context, so a keystroke never waits for the router, and the address
 * follows: at once for a choice, once typing pauses for the search text. Every write replaces the
 * history entry, so filtering does not fill the back button.
 */
export const addressFiltersMachine = setup({
  types: {
    context: {} as { filters: AddressFilters },
    events: {} as AddressFiltersEvent,
    input: {} as { filters: AddressFilters },
    emitted: {} as AddressWrite,
  },
  actions: {
    writeUrl: emit(({ context }) => ({ type: 'address.write', filters: context.filters }) as const),
  },
  delays: {
    typingSettles: TYPING_ADDRESS_DELAY_MS,
  },
}).createMachine({
  id: 'addressFilters',
  context: ({ input }) => ({ filters: input.filters }),
  initial: 'settled',
  states: {
    settled: {},
    typing: {
      after: {
        typingSettles: {
          target: 'settled',
          actions: 'writeUrl',
        },
      },
      on: {
        'filters.commit': {
          target: 'settled',
          actions: 'writeUrl',
        },
      },
    },
  },
  on: {
    'filters.type': {
      target: '.typing',
      reenter: true,
      actions: assign({ filters: ({ context, event }) => ({ ...context.filters, ...event.change }) }),
    },
    'filters.choose': {
      target: '.settled',
      actions: [assign({ filters: ({ context, event }) => ({ ...context.filters, ...event.change }) }), 'writeUrl'],
    },
    'filters.sync': { target: '.settled', actions: assign({ filters: ({ event }) => event.filters }) },
  },
})
