import { describe, expect, it } from 'vitest'
import { passesDecisionFilter, shownState, summariseDecisions, type DecisionView } from './decisions'

const view = (state: DecisionView['state'], marks: Partial<DecisionView> = {}): DecisionView => ({
  state,
  expired: false,
  review: false,
  decided: state === 'needs-triage' ? undefined : { id: 'e-1', state, reason: '', by: 'Ada', at: '', scope: '' },
  ...marks,
})

describe('shownState', () => {
  it('shows the decision, else "not affected" for a finding VEX closed, else "needs triage"', () => {
    expect(shownState(view('fixed'), true)).toBe('fixed')
    expect(shownState(undefined, true)).toBe('not-affected')
    expect(shownState(undefined)).toBe('needs-triage')
    expect(shownState(view('needs-triage', { expired: true }), false)).toBe('needs-triage')
  })
})

describe('summariseDecisions', () => {
  it('gives the state every finding shares and counts those that need triage', () => {
    const decisions = [view('fixed'), view('fixed'), undefined]
    expect(summariseDecisions([0, 1], decisions)).toEqual({
      state: 'fixed',
      needsTriage: 0,
      expired: false,
      review: false,
    })
    expect(summariseDecisions([2], decisions).state).toBe('needs-triage')
  })

  it('says "mixed" when the findings differ, and counts the undecided among them', () => {
    const decisions = [view('fixed'), undefined, undefined, view('in-triage')]
    expect(summariseDecisions([0, 1, 2, 3], decisions)).toMatchObject({ state: 'mixed', needsTriage: 2 })
  })

  it('reads every finding as needing triage while the workspace holds no decision', () => {
    expect(summariseDecisions([4, 7, 9], undefined)).toMatchObject({ state: 'needs-triage', needsTriage: 3 })
  })

  it("counts a finding closed by the scanner's VEX as not affected unless the team decided otherwise", () => {
    const decisions = [undefined, view('affected')]
    const closed = () => true
    expect(summariseDecisions([0], decisions, closed)).toMatchObject({ state: 'not-affected', needsTriage: 0 })
    expect(summariseDecisions([0, 1], decisions, closed)).toMatchObject({ state: 'mixed', needsTriage: 0 })
  })

  it("marks the summary when any finding's decision expired or needs review", () => {
    const decisions = [view('needs-triage', { expired: true }), view('fixed', { review: true })]
    expect(summariseDecisions([0, 1], decisions)).toMatchObject({ expired: true, review: true, needsTriage: 1 })
  })

  it('sums up no findings as needing triage, with none to triage', () => {
    expect(summariseDecisions([], [])).toEqual({ state: 'needs-triage', needsTriage: 0, expired: false, review: false })
  })

  it('agrees with the decision filter on what needs triage', () => {
    const decisions = [view('fixed'), undefined, view('needs-triage', { expired: true }), view('in-triage')]
    const expected = decisions.filter((decision) => passesDecisionFilter('needs-triage', decision)).length
    expect(summariseDecisions([0, 1, 2, 3], decisions).needsTriage).toBe(expected)
  })
})
