import { and, assign, not, raise, setup } from 'xstate'

/** The sidebar's cookie: its name and lifetime (7 days); a viewport under 768 px is mobile. */
export const SIDEBAR_COOKIE = 'sidebar_state'
export const SIDEBAR_COOKIE_MAX_AGE_SECONDS = 7 * 24 * 60 * 60
/** A viewport narrower than 768 px counts as mobile. */
export const MOBILE_QUERY = '(max-width: 767.98px)'

export interface SidebarInput {
  /** The sidebar_state cookie's value: 'true' (expanded), 'false' (collapsed) or nothing. */
  cookie: string | undefined
  isMobile: boolean
}

export type SidebarEvent =
  | { type: 'sidebar.toggle' }
  | { type: 'sidebar.set'; expanded: boolean }
  | { type: 'mobile.set'; open: boolean }
  | { type: 'viewport.change'; isMobile: boolean }
  /** A key press anywhere: Ctrl+B or Cmd+B toggles the sidebar. */
  | { type: 'key.down'; key: string; ctrlKey: boolean; metaKey: boolean }

export function isToggleShortcut(event: { key: string; ctrlKey: boolean; metaKey: boolean }): boolean {
  return event.key.toLowerCase() === 'b' && (event.ctrlKey || event.metaKey)
}

export const sidebarMachine = setup({
  types: {
    context: {} as { isMobile: boolean; startExpanded: boolean },
    events: {} as SidebarEvent,
    input: {} as SidebarInput,
  },
  actions: {
    /** Writes the desktop choice to the sidebar_state cookie. */
    saveCookie: (_, _expanded: boolean) => {},
    setMobile: assign({ isMobile: (_, isMobile: boolean) => isMobile }),
  },
  guards: {
    isMobile: ({ context }) => context.isMobile,
    startsExpanded: ({ context }) => context.startExpanded,
    leavesMobile: ({ event }) => event.type === 'viewport.change' && !event.isMobile,
    isShortcut: ({ event }) => event.type === 'key.down' && isToggleShortcut(event),
    wantsExpanded: ({ event }) => event.type === 'sidebar.set' && event.expanded,
    wantsCollapsed: ({ event }) => event.type === 'sidebar.set' && !event.expanded,
    wantsOpen: ({ event }) => event.type === 'mobile.set' && event.open,
    wantsClosed: ({ event }) => event.type === 'mobile.set' && !event.open,
  },
}).createMachine({
  id: 'sidebar',
  type: 'parallel',
  context: ({ input }) => ({ isMobile: input.isMobile, startExpanded: input.cookie !== 'false' }),
  on: {
    'key.down': { guard: 'isShortcut', actions: raise({ type: 'sidebar.toggle' }) },
  },
  states: {
    desktop: {
      initial: 'restoring',
      states: {
        restoring: {
          always: [{ guard: 'startsExpanded', target: 'expanded' }, { target: 'collapsed' }],
        },
        expanded: {
          on: {
            'sidebar.toggle': {
              guard: not('isMobile'),
              target: 'collapsed',
              actions: { type: 'saveCookie', params: false },
            },
            'sidebar.set': {
              guard: 'wantsCollapsed',
              target: 'collapsed',
              actions: { type: 'saveCookie', params: false },
            },
          },
        },
        collapsed: {
          on: {
            'sidebar.toggle': {
              guard: not('isMobile'),
              target: 'expanded',
              actions: { type: 'saveCookie', params: true },
            },
            'sidebar.set': {
              guard: 'wantsExpanded',
              target: 'expanded',
              actions: { type: 'saveCookie', params: true },
            },
          },
        },
      },
    },
    mobile: {
      initial: 'closed',
      on: {
        'viewport.change': [
          {
            guard: 'leavesMobile',
            target: '.closed',
            actions: { type: 'setMobile', params: ({ event }) => event.isMobile },
          },
          { actions: { type: 'setMobile', params: ({ event }) => event.isMobile } },
        ],
      },
      states: {
        closed: {
          on: {
            'sidebar.toggle': { guard: 'isMobile', target: 'open' },
            'mobile.set': { guard: and(['wantsOpen', 'isMobile']), target: 'open' },
          },
        },
        open: {
          on: {
            'sidebar.toggle': { guard: 'isMobile', target: 'closed' },
            'mobile.set': { guard: 'wantsClosed', target: 'closed' },
          },
        },
      },
    },
  },
})

/** Reads the sidebar_state cookie out of document.cookie. */
export function readSidebarCookie(cookies: string): string | undefined {
  for (const part of cookies.split(';')) {
    const [name, ...value] = part.trim().split('=')
    if (name === SIDEBAR_COOKIE) return value.join('=')
  }
  return undefined
}

/** The Set-Cookie text that keeps the choice for 7 days. */
export function sidebarCookie(expanded: boolean): string {
  return `${SIDEBAR_COOKIE}=${expanded}; path=/; max-age=${SIDEBAR_COOKIE_MAX_AGE_SECONDS}; SameSite=Lax`
}
