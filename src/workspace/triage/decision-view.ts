import type { DecisionView } from '@/data/decisions'
import { describeScope } from './decision'
import type { EffectiveDecision } from './resolve'

const views = new WeakMap<EffectiveDecision, DecisionView>()

/** A finding's effective decision as the screens show it; the same decision gives the same object. */
export function decisionViewOf(effective: EffectiveDecision): DecisionView {
  let view = views.get(effective)
  if (!view) {
    const entry = effective.entry
    view = {
      state: effective.state,
      expired: effective.expired,
      review: effective.review,
      decided: entry && {
        id: entry.id,
        state: entry.state,
        reason: entry.reason,
        by: entry.by.name,
        at: entry.at,
        scope: describeScope(entry.scope),
        justification: entry.justification,
        expiresOn: entry.expiresOn,
        dueOn: entry.dueOn,
      },
    }
    views.set(effective, view)
  }
  return view
}
