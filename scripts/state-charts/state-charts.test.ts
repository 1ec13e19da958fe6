import { readFileSync } from 'node:fs'
import { describe, expect, it } from 'vitest'
import { machines } from './registry'
import { allStates, allTransitions, stateChartsDocument, toJsonDefinition, toMermaid } from './state-charts'

const docs = new URL('../../docs/', import.meta.url)

describe('state charts', () => {
  it('docs/state-charts.md and docs/state-charts/*.json are up to date (run npm run charts)', () => {
    expect(readFileSync(new URL('state-charts.md', docs), 'utf8')).toBe(stateChartsDocument(machines))
    for (const [name, machine] of Object.entries(machines)) {
      expect(readFileSync(new URL(`state-charts/${name}.json`, docs), 'utf8'), name).toBe(toJsonDefinition(machine))
    }
  })

  it('draws every state, nested states, guards, delayed and eventless transitions', () => {
    const auth = toMermaid(machines.auth)
    for (const state of allStates(machines.auth))
      expect(auth).toContain(`state "${state.key}" as ${state.id.replace(/\./g, '_')}`)
    expect(auth).toContain('state auth_authenticated {')
    expect(auth).toContain(
      'auth_authenticated_idle --> auth_authenticated_refreshing : after refreshDelay [canScheduleRefresh]',
    )
    expect(auth).toContain('auth_loading --> auth_callback : always [isCallback]')
    expect(auth).toContain('auth_callback --> auth_authenticated : done: handleCallback')
    const sidebar = toMermaid(machines.sidebar)
    expect(sidebar).toMatch(/state sidebar \{\n[\s\S]*state sidebar_desktop \{[\s\S]*?\}\n {4}--\n {4}state "mobile"/)
    expect(sidebar).toContain('sidebar_desktop_expanded --> sidebar_desktop_collapsed : sidebar.toggle [!isMobile]')
    expect(toMermaid(machines.sidebar)).toContain('sidebar --> sidebar : key.down [isShortcut]')
  })

  it('counts states without the root and every kind of transition', () => {
    expect(allStates(machines.auth).map((state) => state.key)).toEqual([
      'loading',
      'callback',
      'restoring',
      'authenticated',
      'idle',
      'refreshing',
      'loggingOut',
      'unauthenticated',
      'redirecting',
    ])
    expect(allTransitions(machines.theme).map((transition) => transition.eventType)).toEqual([
      'theme.set',
      'theme.set',
      'theme.set',
      '',
      '',
      '',
      'system.change',
    ])
  })
})
