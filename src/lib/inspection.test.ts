import { afterEach, describe, expect, it } from 'vitest'
import { createActor, type InspectionEvent } from 'xstate'
import { themeMachine } from '@/machines/theme.machine'
import { inspection, setInspector } from './inspection'

afterEach(() => setInspector(undefined))

describe('inspection', () => {
  it('adds nothing while no inspector is connected', () => {
    expect(inspection()).toEqual({})
  })

  it('hands a connected inspector every event of the actors created with it', () => {
    const events: InspectionEvent[] = []
    setInspector((event) => events.push(event))
    const actor = createActor(themeMachine, {
      input: { stored: null, defaultTheme: 'light', systemDark: false },
      ...inspection(),
    })
    actor.start()
    actor.send({ type: 'theme.set', theme: 'dark' })
    expect(events.map((event) => event.type)).toContain('@xstate.microstep')
    expect(events.some((event) => event.type === '@xstate.event' && event.event.type === 'theme.set')).toBe(true)
  })
})
