import { useEffect, useMemo, useState } from 'react'
import type { DataSource, PolicyFacts, PolicyFactsProgress } from '@/data/data-source'
import { evaluatePolicyChecks, type PolicyCheckResult } from '@/data/policy-checks'
import type { PolicyLine } from '@/data/policy-document'
import { useDataSource } from '@/state/data-source'

/** The policy's checks over the data source: only the workspace has the facts they read. */
export type PolicyChecks =
  | { status: 'unavailable' }
  | { status: 'loading'; progress?: PolicyFactsProgress }
  | { status: 'failed'; message: string }
  | { status: 'ready'; facts: PolicyFacts; result: PolicyCheckResult }

type Loaded = { source: DataSource; facts: PolicyFacts } | { source: DataSource; message: string }

/** The workspace's policy facts, read once per data source (`DataSource.policyFacts`). */
export function usePolicyFacts(): PolicyFacts | Exclude<PolicyChecks, { status: 'ready' }> {
  const { source, status, problem } = useDataSource()
  const [loaded, setLoaded] = useState<Loaded>()
  const [progress, setProgress] = useState<{ source: DataSource; progress: PolicyFactsProgress }>()
  useEffect(() => {
    if (!source.policyFacts) return
    let live = true
    source
      .policyFacts((progress) => live && setProgress({ source, progress }))
      .then(
        (facts) => live && setLoaded({ source, facts }),
        (error: unknown) =>
          live &&
          setLoaded({
            source,
            message: `The workspace could not be read for the policy's checks: ${error instanceof Error ? error.message : String(error)}`,
          }),
      )
    return () => {
      live = false
    }
  }, [source])
  // Until the chosen source is read, no other source's figures may show.
  if (status === 'loading') return { status: 'loading' }
  if (status === 'failed') return { status: 'failed', message: problem ?? 'The data source could not be read.' }
  if (!source.policyFacts) return { status: 'unavailable' }
  if (loaded?.source !== source)
    return progress?.source === source ? { status: 'loading', progress: progress.progress } : { status: 'loading' }
  return 'facts' in loaded ? loaded.facts : { status: 'failed', message: loaded.message }
}

/** The last evaluation over each set of facts, and the checks it was made for. */
const evaluated = new WeakMap<PolicyFacts, { checks: string; result: PolicyCheckResult }>()

/**
 * The checks' results over the facts, evaluated again only when a check changes: editing a line's
 * text leaves every pass rate as it was (a large workspace takes a moment to evaluate).
 */
function checksOver(lines: readonly PolicyLine[], facts: PolicyFacts): PolicyCheckResult {
  const checks = lines.map((line) => (line.kind === 'rule' ? (line.check?.raw ?? '') : '')).join('\n')
  const kept = evaluated.get(facts)
  if (kept?.checks === checks) return kept.result
  const result = evaluatePolicyChecks(lines, facts.repositories, { kevCatalogue: facts.kevCatalogue })
  evaluated.set(facts, { checks, result })
  return result
}

/** Each checked rule line's pass rate and failing repositories, by the line's index. */
export function usePolicyChecks(lines: readonly PolicyLine[]): PolicyChecks {
  const facts = usePolicyFacts()
  const ready = 'repositories' in facts ? facts : undefined
  const result = useMemo(() => ready && checksOver(lines, ready), [lines, ready])
  return ready && result
    ? { status: 'ready', facts: ready, result }
    : (facts as Exclude<PolicyChecks, { status: 'ready' }>)
}
