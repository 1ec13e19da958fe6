import { describe, expect, it } from 'vitest'
import { bob, logOf } from '@tests/helpers/triage'
import { publishedIdsOf, unpublishedDecisions } from './publication'

const log = logOf([
  { state: 'in-triage', reason: '', scope: { kind: 'advisory', advisoryId: 'CVE-2024-0001' } },
  { state: 'fixed', reason: 'Upgraded', scope: { kind: 'advisory', advisoryId: 'CVE-2024-0002' } },
  { state: 'affected', reason: '', scope: { kind: 'advisory', advisoryId: 'CVE-2024-0003' } },
])

describe('unpublishedDecisions', () => {
  it('lists the local entries the feed’s decisions file does not hold, in the log’s order', () => {
    const published = new Set([log[1].id])
    expect(unpublishedDecisions(log, published).map((entry) => entry.id)).toEqual([log[0].id, log[2].id])
  })

  it('says nothing is unpublished while no feed names a decisions file', () => {
    expect(unpublishedDecisions(log, undefined)).toEqual([])
  })

  it('counts every entry as unpublished when the feed’s file is empty, and none when it holds them all', () => {
    expect(unpublishedDecisions(log, new Set())).toHaveLength(3)
    expect(unpublishedDecisions(log, new Set(log.map((entry) => entry.id)))).toEqual([])
  })

  it('takes an entry the feed published as published, whoever made it', () => {
    const theirs = { ...log[0], by: bob }
    expect(unpublishedDecisions([theirs], new Set([theirs.id]))).toEqual([])
  })
})

describe('publishedIdsOf', () => {
  it('joins the ids of every feed’s decisions file', () => {
    expect(publishedIdsOf([{ decisionIds: ['a', 'b'] }, {}, { decisionIds: ['b', 'c'] }])).toEqual(
      new Set(['a', 'b', 'c']),
    )
  })

  it('is undefined while no team file is a decisions file read whole', () => {
    expect(publishedIdsOf([])).toBeUndefined()
    expect(publishedIdsOf([{}, {}])).toBeUndefined()
  })

  it('is an empty set for a decisions file with no entries', () => {
    expect(publishedIdsOf([{ decisionIds: [] }])).toEqual(new Set())
  })
})
