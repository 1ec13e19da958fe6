import { describe, expect, it, vi } from 'vitest'
import { createActor } from 'xstate'
import { readSidebarCookie, sidebarCookie, sidebarMachine, type SidebarInput } from './sidebar.machine'

function start(input: SidebarInput) {
  const saveCookie = vi.fn()
  const actor = createActor(
    sidebarMachine.provide({ actions: { saveCookie: (_, expanded) => saveCookie(expanded) } }),
    {
      input,
    },
  ).start()
  return { actor, saveCookie }
}

const key = (key: string, modifiers: { ctrlKey?: boolean; metaKey?: boolean } = {}) =>
  ({ type: 'key.down', key, ctrlKey: false, metaKey: false, ...modifiers }) as const

describe('sidebar machine', () => {
  it('restores the cookie: expanded by default, collapsed for "false"', () => {
    expect(start({ cookie: undefined, isMobile: false }).actor.getSnapshot().matches({ desktop: 'expanded' })).toBe(
      true,
    )
    expect(start({ cookie: 'true', isMobile: false }).actor.getSnapshot().matches({ desktop: 'expanded' })).toBe(true)
    expect(start({ cookie: 'false', isMobile: false }).actor.getSnapshot().matches({ desktop: 'collapsed' })).toBe(true)
  })

  it('toggles and saves the choice in the cookie', () => {
    const { actor, saveCookie } = start({ cookie: undefined, isMobile: false })
    actor.send({ type: 'sidebar.toggle' })
    expect(actor.getSnapshot().matches({ desktop: 'collapsed' })).toBe(true)
    expect(saveCookie).toHaveBeenLastCalledWith(false)
    actor.send({ type: 'sidebar.toggle' })
    expect(actor.getSnapshot().matches({ desktop: 'expanded' })).toBe(true)
    expect(saveCookie).toHaveBeenLastCalledWith(true)
  })

  it('toggles on Ctrl+B and Cmd+B, and on nothing else', () => {
    const { actor } = start({ cookie: undefined, isMobile: false })
    actor.send(key('b', { ctrlKey: true }))
    expect(actor.getSnapshot().matches({ desktop: 'collapsed' })).toBe(true)
    actor.send(key('B', { metaKey: true }))
    expect(actor.getSnapshot().matches({ desktop: 'expanded' })).toBe(true)
    actor.send(key('b'))
    actor.send(key('n', { ctrlKey: true }))
    expect(actor.getSnapshot().matches({ desktop: 'expanded' })).toBe(true)
  })

  it('sets the state directly, saving only real changes', () => {
    const { actor, saveCookie } = start({ cookie: undefined, isMobile: false })
    actor.send({ type: 'sidebar.set', expanded: true })
    expect(saveCookie).not.toHaveBeenCalled()
    actor.send({ type: 'sidebar.set', expanded: false })
    expect(actor.getSnapshot().matches({ desktop: 'collapsed' })).toBe(true)
    expect(saveCookie).toHaveBeenCalledWith(false)
  })

  it('on mobile, the shortcut opens and closes the sheet and leaves the desktop choice and cookie alone', () => {
    const { actor, saveCookie } = start({ cookie: 'false', isMobile: true })
    expect(actor.getSnapshot().matches({ mobile: 'closed' })).toBe(true)
    actor.send(key('b', { ctrlKey: true }))
    expect(actor.getSnapshot().matches({ mobile: 'open', desktop: 'collapsed' })).toBe(true)
    actor.send({ type: 'sidebar.toggle' })
    expect(actor.getSnapshot().matches({ mobile: 'closed' })).toBe(true)
    actor.send({ type: 'mobile.set', open: true })
    expect(actor.getSnapshot().matches({ mobile: 'open' })).toBe(true)
    actor.send({ type: 'mobile.set', open: false })
    expect(actor.getSnapshot().matches({ mobile: 'closed' })).toBe(true)
    expect(saveCookie).not.toHaveBeenCalled()
  })

  it('closes the sheet when the viewport grows past mobile, and ignores mobile.set on desktop', () => {
    const { actor } = start({ cookie: undefined, isMobile: true })
    actor.send({ type: 'mobile.set', open: true })
    actor.send({ type: 'viewport.change', isMobile: false })
    expect(actor.getSnapshot().matches({ mobile: 'closed' })).toBe(true)
    expect(actor.getSnapshot().context.isMobile).toBe(false)
    actor.send({ type: 'mobile.set', open: true })
    expect(actor.getSnapshot().matches({ mobile: 'closed' })).toBe(true)
    actor.send({ type: 'sidebar.toggle' })
    expect(actor.getSnapshot().matches({ desktop: 'collapsed' })).toBe(true)
  })

  it('reads and writes the sidebar_state cookie for 7 days', () => {
    expect(readSidebarCookie('theme=x; sidebar_state=false; other=1')).toBe('false')
    expect(readSidebarCookie('theme=x')).toBeUndefined()
    expect(readSidebarCookie('')).toBeUndefined()
    expect(sidebarCookie(true)).toBe('sidebar_state=true; path=/; max-age=604800; SameSite=Lax')
  })
})
