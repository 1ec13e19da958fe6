#!/usr/bin/env node
// `node scripts/measure-history.mjs [repositories] [days]`: builds a made-up team history (by default
// 10,000 repositories of a year of daily scans, src/workspace/history/sample-history.ts), then
// reports the history file's size, raw and gzipped, the time to read it, and the time of the
// trends over it. Needs about 4 GB of memory at the default size: node --max-old-space-size=6000.
import { gzipSync } from 'node:zlib'
import { loadModule } from './load-module.mjs'

const repositories = Number(process.argv[2] ?? 10_000)
const days = Number(process.argv[3] ?? 365)
const { sampleRuns, sampleState } = await loadModule('src/workspace/history/sample-history.ts')
const { compactHistory, readHistoryFile, writeHistoryFile } = await loadModule('src/workspace/history/history-file.ts')
const { trends } = await loadModule('src/workspace/history/trends.ts')

const start = Date.UTC(2025, 0, 1) / 1000
const now = new Date((start + days * 86_400) * 1000)
const history = compactHistory(sampleState(sampleRuns({ repositories, days, start })), now)
let findings = 0
for (const runs of history.repositories.values()) for (const run of runs.values()) findings += run.findings.size

const text = writeHistoryFile(history, now.toISOString())
const megabytes = (bytes) => `${(bytes / 1e6).toFixed(1)} MB`
console.log(
  `${repositories} repositories, ${days} days: ${findings} findings; history file ${megabytes(text.length)}, ${megabytes(gzipSync(text).length)} gzipped`,
)
let started = performance.now()
readHistoryFile(text)
console.log(`read: ${(performance.now() - started).toFixed(0)} ms`)

// CPU time as well as wall time: on a shared machine the wall time says more about the neighbours.
function measure(work) {
  const wall = performance.now()
  const cpu = process.cpuUsage()
  work()
  const used = process.cpuUsage(cpu)
  return { wall: performance.now() - wall, cpu: (used.user + used.system) / 1000 }
}
const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)].toFixed(0)
const runs = Array.from({ length: 7 }, () => measure(() => trends(history, { now, days: 365 })))
console.log(
  `trends over 365 days, median of 7: ${median(runs.map((run) => run.wall))} ms wall, ${median(runs.map((run) => run.cpu))} ms CPU`,
)
const decisions = [
  { at: new Date((start + 30 * 86_400) * 1000).toISOString(), state: 'accepted-risk', expiresOn: '2025-06-01' },
]
const decisionsOf = (_, key) => (key.length % 10 === 0 ? decisions : undefined)
const decided = Array.from({ length: 7 }, () => measure(() => trends(history, { now, days: 365, decisionsOf })))
console.log(
  `with a decision on one finding in ten: ${median(decided.map((run) => run.wall))} ms wall, ${median(decided.map((run) => run.cpu))} ms CPU`,
)
