import { describe, expect, it } from 'vitest'
import type { CheckedFinding } from '@/data/policy-checks'
import { logOf } from '@tests/helpers/triage'
import { dayAgo, kevCatalogueText } from '@tests/helpers/catalogues'
import { deleteTestWorkspacesAfterEach, workspaceWithExamples } from '@tests/helpers/workspace'
import { importFile } from '@/workspace/import/import-file'
import { readCatalogues } from '@/workspace/store/catalogue-records'
import { policyFactPartsOf, factSubjectOf, type PolicyFactParts } from '@/workspace/projections/policy-facts'
import { recordDecisionEntries } from '@/workspace/store/decisions'
import { listDigests, listRepositories } from '@/workspace/store/reads'
import { openWorkspace } from '@/workspace/store/open'
import { workspaceName } from '@/workspace/store/workspace-names'
import { SupersededFactsError } from '@/workspace/projections/policy-facts'
import { policyFactsInWorker } from './workspace-policy-facts-worker'

deleteTestWorkspacesAfterEach()

const now = Date.parse('2026-03-01T12:00:00Z')

/** The facts as the checks read them, whatever else their objects hold. */
const readable = ({ repositories, scanners, kevCatalogue }: PolicyFactParts) => ({
  scanners,
  kevCatalogue: kevCatalogue ?? false,
  repositories: repositories.map(({ findings, ...repository }) => ({
    ...repository,
    findings: findings.map(({ key, tool, ruleId, severity, kind, cwes, count, kevOverdue }: CheckedFinding) => ({
      key,
      tool,
      ruleId,
      severity,
      kind,
      cwes,
      count,
      kevOverdue: kevOverdue ?? false,
    })),
  })),
})

describe('the policy facts worked out in a worker', () => {
  it('gives the facts the page would work out, with the decisions the workspace holds', async () => {
    const identity = await workspaceWithExamples()
    const database = await workspaceName(identity.issuer, identity.subject)
    const opened = await openWorkspace(database)
    const summaries = await listRepositories(opened)
    const { digests } = await listDigests(opened)
    // A decision the worker reads from the workspace: one open finding of the page's facts leaves.
    const onPageBefore = await policyFactPartsOf(summaries.map(factSubjectOf), digests, [], new Date(now))
    const decided = onPageBefore.repositories.find((repository) => repository.findings.length > 0)!
    const decisions = logOf([
      {
        state: 'false-positive',
        scope: { kind: 'finding', repository: decided.name, findingKey: decided.findings[0].key },
        reason: 'Not reachable',
      },
    ])
    await recordDecisionEntries(opened, decisions)
    opened.close()
    const onPage = await policyFactPartsOf(summaries.map(factSubjectOf), digests, decisions, new Date(now))

    const progress: { read: number; total: number }[] = []
    const inWorker = await policyFactsInWorker({
      database,
      repositories: summaries.map(factSubjectOf),
      now,
      onProgress: (told) => progress.push(told),
    })

    expect(inWorker.repositories.map((repository) => repository.name)).toEqual(summaries.map(({ name }) => name))
    expect(inWorker.repositories.some((repository) => repository.findings.length > 1)).toBe(true)
    expect(readable(inWorker)).toEqual(readable(onPage))
    expect(readable(inWorker)).not.toEqual(readable(onPageBefore))
    // Every digest read before the facts are worked out: the page heard so.
    expect(progress.at(-1)).toEqual({ read: summaries.length, total: summaries.length })
  })

  it('joins the findings to the KEV catalogue the workspace holds, as the page would', async () => {
    const identity = await workspaceWithExamples()
    const database = await workspaceName(identity.issuer, identity.subject)
    const opened = await openWorkspace(database)
    const text = kevCatalogueText([
      { cve: 'CVE-2024-45337', dueDate: dayAgo(2) },
      { cve: 'CVE-2024-27351', dueDate: dayAgo(-30) },
    ])
    expect((await importFile(opened, { name: 'kev.json', blob: new Blob([text]) }, () => {})).status).toBe('catalogue')
    const summaries = await listRepositories(opened)
    const { digests } = await listDigests(opened)
    const catalogues = await readCatalogues(opened)
    opened.close()
    const at = Date.now()
    const onPage = await policyFactPartsOf(summaries.map(factSubjectOf), digests, [], new Date(at), { catalogues })
    const inWorker = await policyFactsInWorker({ database, repositories: summaries.map(factSubjectOf), now: at })
    expect(inWorker.kevCatalogue).toBe(true)
    expect(readable(inWorker)).toEqual(readable(onPage))
    const overdue = inWorker.repositories.flatMap((repository) =>
      repository.findings.filter((finding) => finding.kevOverdue).map((finding) => [repository.name, finding.ruleId]),
    )
    expect(overdue.length).toBeGreaterThan(0)
    expect(new Set(overdue.map(([, ruleId]) => ruleId))).toEqual(new Set(['CVE-2024-45337']))
  })

  it('answers the latest request for a workspace, the one it replaced rejected', async () => {
    const identity = await workspaceWithExamples()
    const database = await workspaceName(identity.issuer, identity.subject)
    const opened = await openWorkspace(database)
    const repositories = (await listRepositories(opened)).map(factSubjectOf)
    opened.close()
    const first = policyFactsInWorker({ database, repositories, now })
    const second = policyFactsInWorker({ database, repositories, now })
    await expect(first).rejects.toBeInstanceOf(SupersededFactsError)
    const answer = await second
    expect(answer.repositories.map((repository) => repository.name)).toEqual(repositories.map(({ name }) => name))
    expect(answer.scanners.length).toBeGreaterThan(0)
  })
})
