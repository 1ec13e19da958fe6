import { describe, expect, it, vi } from 'vitest'
import { createActor, fromCallback, type AnyEventObject } from 'xstate'
import { preferenceOf, schemeOf, themeMachine, type ThemeInput } from './theme.machine'

function start(input: ThemeInput) {
  const persist = vi.fn()
  const applyScheme = vi.fn()
  let systemListener: ((event: AnyEventObject) => void) | undefined
  const stopWatching = vi.fn()
  const actor = createActor(
    themeMachine.provide({
      actions: { persist: (_, theme) => persist(theme), applyScheme: (_, scheme) => applyScheme(scheme) },
      actors: {
        watchSystemPreference: fromCallback(({ sendBack }) => {
          systemListener = sendBack
          return stopWatching
        }),
      },
    }),
    { input },
  ).start()
  const osPrefers = (dark: boolean) => systemListener?.({ type: 'system.change', dark })
  return { actor, persist, applyScheme, osPrefers, stopWatching }
}

describe('theme machine', () => {
  it('starts from the stored preference and applies it', () => {
    const { actor, applyScheme, persist } = start({ stored: 'dark', defaultTheme: 'light', systemDark: false })
    expect(preferenceOf(actor.getSnapshot())).toBe('dark')
    expect(applyScheme).toHaveBeenLastCalledWith('dark')
    expect(persist).not.toHaveBeenCalled()
  })

  it.each([
    [null, 'system'],
    ['purple', 'system'],
    ['', 'system'],
  ] as const)('ignores a stored value of %j and uses the default', (stored, expected) => {
    const { actor } = start({ stored, defaultTheme: 'system', systemDark: true })
    expect(preferenceOf(actor.getSnapshot())).toBe(expected)
    expect(schemeOf(actor.getSnapshot())).toBe('dark')
  })

  it('defaults to light in the authenticated layout and system when logged out', () => {
    expect(preferenceOf(start({ stored: null, defaultTheme: 'light', systemDark: true }).actor.getSnapshot())).toBe(
      'light',
    )
    expect(preferenceOf(start({ stored: null, defaultTheme: 'system', systemDark: true }).actor.getSnapshot())).toBe(
      'system',
    )
  })

  it('in system, follows the operating system live', () => {
    const { actor, applyScheme, osPrefers } = start({ stored: 'system', defaultTheme: 'light', systemDark: false })
    expect(applyScheme).toHaveBeenLastCalledWith('light')
    osPrefers(true)
    expect(schemeOf(actor.getSnapshot())).toBe('dark')
    expect(applyScheme).toHaveBeenLastCalledWith('dark')
    osPrefers(false)
    expect(applyScheme).toHaveBeenLastCalledWith('light')
  })

  it('stops following the operating system once a fixed theme is chosen', () => {
    const { actor, applyScheme, persist, stopWatching } = start({
      stored: 'system',
      defaultTheme: 'light',
      systemDark: true,
    })
    actor.send({ type: 'theme.set', theme: 'light' })
    expect(stopWatching).toHaveBeenCalledTimes(1)
    expect(persist).toHaveBeenLastCalledWith('light')
    expect(applyScheme).toHaveBeenLastCalledWith('light')
    actor.send({ type: 'system.change', dark: true })
    expect(schemeOf(actor.getSnapshot())).toBe('light')
  })

  it('saves each choice, and returning to system uses the current OS preference', () => {
    const { actor, persist, applyScheme } = start({ stored: 'light', defaultTheme: 'light', systemDark: true })
    actor.send({ type: 'theme.set', theme: 'dark' })
    expect(persist).toHaveBeenLastCalledWith('dark')
    actor.send({ type: 'theme.set', theme: 'system' })
    expect(persist).toHaveBeenLastCalledWith('system')
    expect(preferenceOf(actor.getSnapshot())).toBe('system')
    expect(applyScheme).toHaveBeenLastCalledWith('dark')
  })
})
