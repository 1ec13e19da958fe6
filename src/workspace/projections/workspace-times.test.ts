import { describe, expect, it } from 'vitest'
import { findingSeverities, type Vulnerability } from '@/data/findings'
import { defaultSla } from '@/data/policy-sla'
import { slaViewOf } from '@/workspace/projections/sla-views'
import { recordDecisions } from '@/workspace/triage/decision-log'
import { decidableVulnerability } from '@/workspace/projections/triage-summary'
import { alice, sequentialIds } from '@tests/helpers/triage'
import { decisionTimelines } from '@/workspace/history/decision-timeline'
import { sampleRuns, sampleState } from '@/workspace/history/sample-history'
import { trends } from '@/workspace/history/trends'
import { slaViewsFromColumns, timesInputs, workspaceTimes } from './workspace-times'

const start = Date.UTC(2026, 0, 1) / 1000
const now = new Date(Date.UTC(2026, 10, 26, 15))
const runs = sampleRuns({ repositories: 5, days: 300, start, seed: 3 })
const history = sampleState(runs)
const repositories = [...new Set(runs.map((run) => run.repository))].sort()

/** Every finding the history holds as an advisory index's rows, and one it has never seen. */
function occurrencesOf() {
  const repository: number[] = []
  const finding: Vulnerability[] = []
  repositories.forEach((name, index) => {
    const keys = new Map<string, Vulnerability['severity']>()
    for (const run of runs)
      if (run.repository === name) for (const each of run.findings) keys.set(each.key, each.severity)
    for (const [key, severity] of [...keys, [`unseen-${index}`, 'High'] as const]) {
      repository.push(index)
      finding.push({ id: key, key, cve: `CVE-${key}`, title: key, severity, description: '', package: 'p' })
    }
  })
  return { repository, finding }
}

describe('the whole workspace’s days to fix and trends, worked out at once', () => {
  const occurrences = occurrencesOf()

  it('gives each vulnerability the days to fix that asking for it alone gives', async () => {
    const times = await workspaceTimes({ history, occurrences, repositories, decisions: [], now, settings: defaultSla })
    const views = await slaViewsFromColumns(times.sla, now.getTime())
    expect(views).toHaveLength(occurrences.finding.length)
    expect(times.tracked).toBe(occurrences.finding.length - repositories.length)
    expect(views.filter((view) => view?.overdue).length).toBeGreaterThan(0)
    occurrences.finding.forEach((finding, at) => {
      const alone = slaViewOf(
        history,
        repositories[occurrences.repository[at]],
        finding as { key: string } & Vulnerability,
        now,
      )
      expect(views[at]).toEqual(alone)
    })
  })

  it('counts the overdue by severity, names the oldest open one, and keeps a year of trends', async () => {
    const times = await workspaceTimes({ history, occurrences, repositories, decisions: [], now, settings: defaultSla })
    const views = occurrences.finding.map((finding, at) =>
      slaViewOf(history, repositories[occurrences.repository[at]], finding as { key: string } & Vulnerability, now),
    )
    for (const severity of findingSeverities) {
      const expected = views.filter(
        (view, at) => view?.overdue && view.clock !== 'ended' && occurrences.finding[at].severity === severity,
      ).length
      expect(times.overdue[severity]).toBe(expected)
    }
    const running = views.flatMap((view, at) => (view?.clock === 'running' ? [{ view, at }] : []))
    const oldest = running.reduce((first, each) => (each.view.firstSeen < first.view.firstSeen ? each : first))
    expect(times.oldest).toEqual({
      repository: repositories[occurrences.repository[oldest.at]],
      advisory: occurrences.finding[oldest.at].cve,
      title: occurrences.finding[oldest.at].title,
      severity: occurrences.finding[oldest.at].severity,
      firstSeen: oldest.view.firstSeen,
      ageDays: oldest.view.ageDays,
    })
    expect(times.trends).toEqual(trends(history, { now, days: 365 }))
  })

  it('weighs each vulnerability’s decision: an accepted risk pauses its clock and leaves the trends', async () => {
    const at = occurrences.finding.findIndex((_, index) => {
      const view = slaViewOf(
        history,
        repositories[occurrences.repository[index]],
        occurrences.finding[index] as { key: string } & Vulnerability,
        now,
      )
      return view?.clock === 'running'
    })
    const finding = occurrences.finding[at]
    const repository = repositories[occurrences.repository[at]]
    const decisions = recordDecisions(
      [],
      [
        {
          decision: {
            scope: { kind: 'finding', repository, findingKey: finding.key! },
            state: 'accepted-risk',
            reason: 'Behind the gateway',
            expiresOn: '2027-06-01',
          },
          severity: finding.severity,
        },
      ],
      { by: alice, at: '2026-11-01T00:00:00.000Z', makeId: sequentialIds() },
    )
    const times = await workspaceTimes({ history, occurrences, repositories, decisions, now, settings: defaultSla })
    const views = await slaViewsFromColumns(times.sla, now.getTime())
    const timeline = decisionTimelines([decidableVulnerability(repository, finding)], decisions)[0]
    expect(views[at]?.clock).toBe('paused')
    expect(views[at]).toEqual(
      slaViewOf(history, repository, { key: finding.key!, severity: finding.severity, decisions: timeline }, now),
    )
    const undecided = await workspaceTimes({
      history,
      occurrences,
      repositories,
      decisions: [],
      now,
      settings: defaultSla,
    })
    const openToday = (summary: typeof times) => summary.trends.open.total.at(-1)
    expect(openToday(times)).toBe(openToday(undecided)! - 1)
  })

  it('says until when time alone leaves its figures as they are, and what else they were worked out from', async () => {
    const times = await workspaceTimes({ history, occurrences, repositories, decisions: [], now, settings: defaultSla })
    const nextMidnight = Date.UTC(2026, 10, 27)
    expect(times.validUntil).toBeGreaterThan(now.getTime())
    expect(times.validUntil).toBeLessThanOrEqual(nextMidnight)
    const views = await slaViewsFromColumns(times.sla, now.getTime())
    const nextDue = Math.min(
      ...views.flatMap((view) =>
        view?.clock === 'running' && view.dueAt && Date.parse(view.dueAt) > now.getTime()
          ? [Date.parse(view.dueAt)]
          : [],
      ),
    )
    expect(times.validUntil).toBeLessThanOrEqual(nextDue)

    const expiring = recordDecisions(
      [],
      [
        {
          decision: {
            scope: { kind: 'finding', repository: repositories[0], findingKey: occurrences.finding[0].key! },
            state: 'accepted-risk',
            reason: 'Until the release',
            expiresOn: '2026-11-27',
          },
          severity: occurrences.finding[0].severity,
        },
      ],
      { by: alice, at: '2026-11-20T00:00:00.000Z', makeId: sequentialIds() },
    )
    expect(timesInputs({ decisions: expiring, settings: defaultSla })).not.toBe(
      timesInputs({ decisions: [], settings: defaultSla }),
    )
    expect(timesInputs({ decisions: [], settings: { ...defaultSla, inTriagePauses: true } })).not.toBe(
      timesInputs({ decisions: [], settings: defaultSla }),
    )
    expect(timesInputs({ decisions: expiring, settings: defaultSla })).toBe(
      timesInputs({ decisions: [...expiring], settings: defaultSla }),
    )
    // The same entries in another order (a log read whole, or read again with new entries at its end).
    const two = [...expiring, { ...expiring[0], id: 'another', state: 'fixed' as const }]
    expect(timesInputs({ decisions: two, settings: defaultSla })).toBe(
      timesInputs({ decisions: [...two].reverse(), settings: defaultSla }),
    )
    expect(timesInputs({ decisions: two, settings: defaultSla })).not.toBe(
      timesInputs({ decisions: expiring, settings: defaultSla }),
    )
  })
})
