import { strFromU8, unzipSync } from 'fflate'
import { describe, expect, it } from 'vitest'
import { readDecisionsFile } from '@/workspace/triage/decisions-file'
import { exportFiles, folderOf, workspaceFiles, zipFiles } from './bundle'
import { exportScenario } from '@tests/helpers/triage-export-scenario'

const options = { author: 'Payments team', timestamp: '2026-03-01T10:00:00Z' }

describe('export bundle', () => {
  it("writes a repository's files under the names the scanners look for", () => {
    const { payments } = exportScenario()
    expect(exportFiles(payments, options, 'payments').map((file) => file.path)).toEqual([
      'payments/vigil.openvex.json',
      'payments/vigil.vex.cdx.json',
      'payments/.trivyignore.yaml',
      'payments/osv-scanner.toml',
      'payments/.grype.yaml',
      'payments/vigil-suppressions.sarif',
    ])
  })

  it('zips the workspace: the decisions file, the files over every repository, and a folder per repository', () => {
    const { items, log } = exportScenario()
    const files = workspaceFiles(items, log, options)
    const zip = zipFiles(files, new Date(options.timestamp))
    const unzipped = unzipSync(zip)
    expect(Object.keys(unzipped)).toEqual(files.map((file) => file.path))
    expect(Object.keys(unzipped)).toContain('payments/vigil.openvex.json')
    // storefront's one finding is undecided: it has nothing to write.
    expect(Object.keys(unzipped).filter((path) => path.startsWith('storefront/'))).toEqual([])
    expect(readDecisionsFile(strFromU8(unzipped['vigil-decisions.json'])).decisions).toEqual(log)
    for (const file of files) expect(strFromU8(unzipped[file.path])).toBe(file.text)
    // The same files give the same bytes.
    expect(zipFiles(files, new Date(options.timestamp))).toEqual(zip)
  })

  it('gives two repositories that name the same folder a folder each', () => {
    const { payments } = exportScenario()
    const twin = payments.map((item) => ({ ...item, finding: { ...item.finding, repository: 'payments/' } }))
    const paths = workspaceFiles([...payments, ...twin], [], options).map((file) => file.path)
    expect(paths).toContain('payments/.grype.yaml')
    expect(paths).toContain('payments-2/.grype.yaml')
  })

  it('keeps repository folders inside the zip', () => {
    expect(folderOf('org/payments')).toBe('org/payments')
    expect(folderOf('../../etc')).toBe('etc')
    expect(folderOf('a\\b:c')).toBe('a/b_c')
    expect(folderOf('..')).toBe('_')
  })
})
