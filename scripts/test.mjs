#!/usr/bin/env node
// `npm test`: typecheck, lint, format check, production build, every Vitest project, then the
// end-to-end tests (served from that production build). Every stage runs even when an earlier one
// fails; the summary gives each stage's time, and the last line is the totals of every test run.
// `npm run test:dev` checks `npm start`'s dev server apart.
import { spawnSync } from 'node:child_process'
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { ensureChromium } from './chromium.mjs'

const resultsDir = 'test-results'
rmSync(resultsDir, { recursive: true, force: true })
mkdirSync(resultsDir, { recursive: true })

const chromium = ensureChromium()
const env = { ...process.env, CHROMIUM_PATH: chromium }

/** The seconds each stage took, in the order they ran. */
const timings = []
const started = performance.now()
const seconds = (from) => ((performance.now() - from) / 1000).toFixed(1)

function run(label, command, args) {
  console.log(`\n▶ ${label}: ${[command, ...args].join(' ')}`)
  const start = performance.now()
  const result = spawnSync(command, args, { stdio: 'inherit', env })
  timings.push(`${label}: ${seconds(start)} s`)
  return result.status === 0
}

function readJson(file) {
  return existsSync(file) ? JSON.parse(readFileSync(file, 'utf8')) : undefined
}

const totals = { passed: 0, failed: 0 }
const stages = []

function countCheck(label, ok) {
  // Typecheck, lint, format and build have no test count of their own: each counts as one check.
  totals[ok ? 'passed' : 'failed'] += 1
  stages.push(`${label}: ${ok ? 'ok' : 'FAILED'}`)
}

countCheck('typecheck', run('typecheck', 'npx', ['tsc', '-b']))
countCheck('lint', run('lint', 'npx', ['eslint', '.', '--max-warnings=0']))
countCheck('format', run('format check', 'npx', ['prettier', '--check', '.']))
const built = run('production build', 'npx', ['vite', 'build', '--logLevel', 'warn'])
countCheck('build', built)
// The end-to-end tests serve this build rather than make another of the same configuration.
if (built) env.VIGIL_E2E_DIST = 'dist'

const vitestFile = `${resultsDir}/vitest.json`
const vitestOk = run('unit and browser tests', 'npx', [
  'vitest',
  'run',
  '--reporter=default',
  '--reporter=json',
  `--outputFile.json=${vitestFile}`,
])
const vitest = readJson(vitestFile)
if (vitest) {
  totals.passed += vitest.numPassedTests
  totals.failed += vitest.numFailedTests
  stages.push(`vitest: ${vitest.numPassedTests} passed, ${vitest.numFailedTests} failed of ${vitest.numTotalTests}`)
}
if (!vitestOk && (!vitest || vitest.numFailedTests === 0)) {
  totals.failed += 1 // the run failed outside any test (a suite that did not load, a crash)
  stages.push('vitest: the run failed outside a test')
}

const e2eFile = `${resultsDir}/e2e.json`
const e2eOk = run('end-to-end tests', 'npx', ['playwright', 'test'])
const e2e = readJson(e2eFile)
if (e2e) {
  const { expected, unexpected, flaky } = e2e.stats
  totals.passed += expected
  totals.failed += unexpected + flaky
  stages.push(`end-to-end: ${expected} passed, ${unexpected + flaky} failed`)
}
if (!e2eOk && (!e2e || e2e.stats.unexpected + e2e.stats.flaky === 0)) {
  totals.failed += 1
  stages.push('end-to-end: the run failed outside a test')
}

const line = `${totals.passed} passed, ${totals.failed} failed`
writeFileSync(`${resultsDir}/totals.txt`, `${line}\n`)
timings.push(`all stages: ${seconds(started)} s`)
console.log(`\nTime per stage:\n${timings.map((timing) => `  ${timing}`).join('\n')}`)
console.log(`\n${stages.join('\n')}\n${line}`)
process.exit(totals.failed === 0 ? 0 : 1)
