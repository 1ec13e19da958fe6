import { resolveDecisions } from '@/workspace/triage/resolve'
import { decidedScenario } from './triage'
import { decidedFindings } from '@/workspace/triage/exports/routing'

/** The shared scenario, resolved and paired: what the export tests give the exporters. */
export function exportScenario() {
  const { findings, log, now } = decidedScenario()
  const items = decidedFindings(findings, resolveDecisions(findings, log, { now }))
  const payments = items.filter((item) => item.finding.repository === 'payments')
  return { findings, log, now, items, payments }
}
