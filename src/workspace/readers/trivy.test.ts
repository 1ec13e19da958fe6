import { describe, expect, it } from 'vitest'
import type { PolicyIssueFinding, VulnerabilityFinding } from '@/workspace/model/model'
import { readTrivy } from './trivy'

const semver = {
  VulnerabilityID: 'CVE-2022-25883',
  VendorIDs: ['GHSA-C2QF-RXJJ-QQGW'],
  PkgName: 'semver',
  PkgIdentifier: { PURL: 'pkg:npm/semver@7.3.7' },
  InstalledVersion: '7.3.7',
  FixedVersion: '7.5.2, 6.3.1',
  Severity: 'MEDIUM',
  Title: 'semver ReDoS',
  CVSS: {
    nvd: { V3Vector: 'CVSS:3.1/AV:N/AC:L/PR:N/UI:N/S:U/C:N/I:N/A:H', V3Score: 7.5 },
    ghsa: { V3Vector: 'CVSS:3.1/AV:N/AC:H/PR:N/UI:N/S:U/C:N/I:N/A:H', V3Score: 5.3 },
  },
}

const report = {
  SchemaVersion: 2,
  CreatedAt: '2026-11-17T09:00:00.123456789+01:00',
  ArtifactName: 'https://github.com/acme/checkout-web',
  ArtifactType: 'repository',
  Results: [
    { Target: 'package-lock.json', Class: 'lang-pkgs', Type: 'npm', Vulnerabilities: [semver] },
    {
      Target: 'Dockerfile',
      Class: 'config',
      Type: 'dockerfile',
      Misconfigurations: [
        {
          ID: 'DS002',
          AVDID: 'AVD-DS-0002',
          Title: 'Image user should not be root',
          Message: 'Specify at least 1 USER command',
          Resolution: 'Add USER',
          Severity: 'HIGH',
          Status: 'FAIL',
          CauseMetadata: { StartLine: 1, EndLine: 9 },
        },
        { ID: 'DS001', AVDID: 'AVD-DS-0001', Title: 'latest tag', Severity: 'MEDIUM', Status: 'PASS' },
      ],
    },
  ],
}

const vulnerabilities = (findings: unknown[]) =>
  (findings as { kind: string }[]).filter((finding) => finding.kind === 'vulnerability') as VulnerabilityFinding[]
const issues = (findings: unknown[]) =>
  (findings as { kind: string }[]).filter((finding) => finding.kind === 'policy-issue') as PolicyIssueFinding[]

describe('the Trivy reader', () => {
  it('reads vulnerabilities (the highest-version, highest score) and misconfigurations as policy issues', () => {
    const result = readTrivy(report)
    expect(result.repository).toBe('checkout-web')
    expect(result.scannedAt).toBe('2026-11-17T08:00:00.123Z')
    const [semverFinding, dockerfile] = result.findings
    expect(semverFinding).toMatchObject({
      kind: 'vulnerability',
      key: 'package|CVE-2022-25883|npm/semver@7.3.7|package-lock.json',
      advisoryId: 'CVE-2022-25883',
      severity: 'High',
      toolSeverity: 'MEDIUM',
      fixedVersion: '7.5.2',
      aliases: ['GHSA-c2qf-rxjj-qqgw'],
      purl: 'pkg:npm/semver@7.3.7',
    })
    expect(dockerfile as PolicyIssueFinding).toMatchObject({
      kind: 'policy-issue',
      category: 'misconfiguration',
      ruleId: 'AVD-DS-0002',
      enforcementStatus: 'Mandatory',
      severity: 'High',
      location: { file: 'Dockerfile', line: 1, endLine: 9 },
      message: 'Specify at least 1 USER command Add USER',
    })
    expect(result.warnings).toEqual(['1 passed check left out'])
  })

  it('gives the fix of the installed release line when Trivy lists one per line', () => {
    const older = { ...semver, InstalledVersion: '6.1.0', PkgIdentifier: undefined }
    const result = readTrivy({ Results: [{ Target: 'package-lock.json', Type: 'npm', Vulnerabilities: [older] }] })
    expect(vulnerabilities(result.findings)[0].fixedVersion).toBe('6.3.1')
  })

  it('says why there is no fix when Trivy gives a status and no fixed version', () => {
    const result = readTrivy({
      Results: [
        {
          Target: 'debian 12',
          Class: 'os-pkgs',
          Type: 'debian',
          Vulnerabilities: [
            { VulnerabilityID: 'CVE-2023-1', PkgName: 'libc6', InstalledVersion: '2.36-9', Status: 'will_not_fix' },
          ],
        },
      ],
    })
    expect(vulnerabilities(result.findings)[0]).toMatchObject({
      fixedVersion: undefined,
      advice: 'The vendor will not fix this in this release.',
    })
  })

  it('reads secrets, masking their match, and never stores the secret', () => {
    const token = 'ghp_0123456789abcdefghijABCDEFGHIJ012345'
    const result = readTrivy({
      ArtifactName: '.',
      ArtifactType: 'filesystem',
      Results: [
        {
          Target: 'deploy/ci.env',
          Class: 'secret',
          Secrets: [
            {
              RuleID: 'github-pat',
              Category: 'GitHub',
              Severity: 'CRITICAL',
              Title: 'GitHub Personal Access Token',
              StartLine: 2,
              EndLine: 2,
              Code: { Lines: [{ Number: 2, Content: `GH_TOKEN=${token}`, IsCause: true }] },
              Match: 'GH_TOKEN=****************************************',
            },
            {
              RuleID: 'github-pat',
              Category: 'GitHub',
              Severity: 'CRITICAL',
              Title: 'GitHub Personal Access Token',
              StartLine: 7,
              EndLine: 7,
              // A match the tool did not mask: Vigil masks it.
              Match: token,
            },
          ],
        },
      ],
    })
    const secrets = issues(result.findings)
    expect(secrets.map((secret) => [secret.category, secret.severity, secret.location, secret.maskedMatch])).toEqual([
      ['secret', 'Critical', { file: 'deploy/ci.env', line: 2, endLine: 2 }, 'GH_T********'],
      ['secret', 'Critical', { file: 'deploy/ci.env', line: 7, endLine: 7 }, 'ghp_********'],
    ])
    expect(secrets[0]).toMatchObject({
      ruleId: 'github-pat',
      title: 'GitHub Personal Access Token',
      enforcementStatus: 'Mandatory',
      toolSeverity: 'CRITICAL',
    })
    expect(new Set(secrets.map((secret) => secret.key)).size).toBe(2)
    expect(JSON.stringify(result)).not.toContain('0123456789abcdef')
    expect(result.warnings).toEqual([])
  })

  it('counts licence findings it does not import, and custom resources', () => {
    const licences = Array.from({ length: 14 }, (_, index) => ({
      Severity: 'HIGH',
      Category: 'restricted',
      PkgName: `pkg-${index}`,
      Name: 'GPL-3.0',
      Confidence: 1,
    }))
    const result = readTrivy({
      Results: [
        { Target: 'Node.js', Class: 'license', Licenses: licences.slice(0, 12) },
        { Target: 'LICENSE', Class: 'license-file', Licenses: licences.slice(12) },
        { Target: 'x', Class: 'custom', CustomResources: [{ Type: 'x' }] },
      ],
    })
    expect(result.findings).toEqual([])
    expect(result.warnings).toEqual([
      '14 licence findings not imported: licences are not shown',
      '1 custom resource not imported',
    ])
  })

  it.each([
    [{ ArtifactName: 'busybox:1.32.1', ArtifactType: 'container_image' }, 'busybox'],
    [{ ArtifactName: 'ghcr.io/acme/api@sha256:0123abcd', ArtifactType: 'container_image' }, 'ghcr.io/acme/api'],
    [{ ArtifactName: 'localhost:5000/app:1', ArtifactType: 'container_image' }, 'localhost:5000/app'],
    [
      {
        ArtifactName: 'images/alpine-310.tar.gz',
        ArtifactType: 'container_image',
        Metadata: { RepoTags: ['alpine:3.10'] },
      },
      'alpine',
    ],
    [{ ArtifactName: 'images/alpine-310.tar.gz', ArtifactType: 'container_image' }, undefined],
    [{ ArtifactName: 'https://github.com/acme/checkout-web', ArtifactType: 'repository' }, 'checkout-web'],
    [
      { ArtifactName: '.', ArtifactType: 'repository', Metadata: { RepoURL: 'git@github.com:acme/billing.git' } },
      'billing',
    ],
    [{ ArtifactName: '.', ArtifactType: 'filesystem' }, undefined],
    [{ ArtifactName: 'npm', ArtifactType: 'filesystem' }, undefined],
    [{ ArtifactName: 'sbom.cdx.json', ArtifactType: 'cyclonedx' }, undefined],
    [{ ArtifactName: 'alpine:3.19' }, 'alpine'],
    [{ ArtifactName: 'npm' }, undefined],
  ])('names the repository of %j: %s', (artifact, repository) => {
    expect(readTrivy({ SchemaVersion: 2, ...artifact, Results: [] }).repository).toBe(repository)
  })

  it('names the run by the artifact, one run for every tag of an image, else by the file', () => {
    const run = (artifact: object) => readTrivy({ ...artifact, Results: [] }, { fileName: 'trivy.json' }).run
    expect(run({ ArtifactName: 'busybox:1.32.1', ArtifactType: 'container_image' })).toBe(
      'Trivy|container_image:busybox',
    )
    expect(run({ ArtifactName: 'busybox:1.33.0', ArtifactType: 'container_image' })).toBe(
      'Trivy|container_image:busybox',
    )
    expect(run({ ArtifactName: 'https://github.com/acme/api', ArtifactType: 'repository' })).toBe(
      'Trivy|repository:https://github.com/acme/api',
    )
    expect(run({})).toBe('Trivy|trivy.json')
  })

  it('names a scan of a path on the scanning machine by its file, so two scans of `.` are two runs', () => {
    const scan = (artifact: object, fileName: string) => readTrivy({ ...artifact, Results: [] }, { fileName })
    const fs = { ArtifactName: '.', ArtifactType: 'filesystem' }
    const [web, api] = [scan(fs, 'web/trivy.json'), scan(fs, 'api/trivy.json')]
    expect([web.run, api.run]).toEqual(['Trivy|web/trivy.json', 'Trivy|api/trivy.json'])
    // What an older Vigil named both: this import takes that run over.
    expect([web.formerRuns, api.formerRuns]).toEqual([['Trivy|filesystem:.'], ['Trivy|filesystem:.']])
    expect(scan({ ArtifactName: '/builds/acme/app', ArtifactType: 'repository' }, 'trivy.json').run).toBe(
      'Trivy|trivy.json',
    )
    expect(scan({ ArtifactName: 'images/app.tar', ArtifactType: 'container_image' }, 'trivy.json').run).toBe(
      'Trivy|trivy.json',
    )
    expect(scan({ ArtifactName: 'busybox:1.32.1', ArtifactType: 'container_image' }, 'trivy.json').formerRuns).toBe(
      undefined,
    )
  })

  it('keeps the keys of an image’s OS packages and of misconfigurations when the tag or the lines move', () => {
    const scan = (tag: string, line: number) =>
      readTrivy({
        ArtifactName: `acme/api:${tag}`,
        ArtifactType: 'container_image',
        Results: [
          {
            Target: `acme/api:${tag} (alpine 3.19.1)`,
            Class: 'os-pkgs',
            Type: 'alpine',
            Vulnerabilities: [{ VulnerabilityID: 'CVE-2024-1', PkgName: 'musl', InstalledVersion: '1.2.4-r2' }],
          },
          {
            Target: 'main.tf',
            Class: 'config',
            Misconfigurations: [
              {
                AVDID: 'AVD-AWS-0086',
                Status: 'FAIL',
                Severity: 'HIGH',
                CauseMetadata: { Resource: 'aws_s3_bucket.logs', StartLine: line, EndLine: line + 3 },
              },
            ],
          },
        ],
      }).findings.map((finding) => finding.key)
    expect(scan('1.0', 10)).toEqual(scan('1.1', 25))
    expect(scan('1.0', 10)[0]).toBe('package|CVE-2024-1|apk/musl@1.2.4-r2|')
  })

  it('keeps findings a VEX statement closed, marked, and counts the ones Trivy’s configuration ignored', () => {
    const result = readTrivy({
      Results: [
        {
          Target: 'go.mod',
          Class: 'lang-pkgs',
          Type: 'gomod',
          ExperimentalModifiedFindings: [
            {
              Type: 'vulnerability',
              Status: 'not_affected',
              Statement: 'vulnerable_code_not_in_execute_path',
              Source: 'OpenVEX',
              Finding: {
                VulnerabilityID: 'CVE-2023-39325',
                PkgName: 'golang.org/x/net',
                InstalledVersion: 'v0.7.0',
                Severity: 'HIGH',
              },
            },
            {
              Type: 'vulnerability',
              Status: 'ignored',
              Finding: { VulnerabilityID: 'CVE-2023-1', PkgName: 'x' },
            },
          ],
        },
      ],
    })
    expect(vulnerabilities(result.findings)).toMatchObject([
      {
        advisoryId: 'CVE-2023-39325',
        vexStatus: 'not_affected',
        analysis: { state: 'not_affected', response: [], detail: 'vulnerable_code_not_in_execute_path (OpenVEX)' },
      },
    ])
    expect(result.warnings).toEqual(["1 finding ignored in Trivy's configuration left out"])
  })

  it('counts a vulnerability the file lists twice once, and never merges two packages', () => {
    const twice = { Target: 'package-lock.json', Type: 'npm', Vulnerabilities: [semver, semver] }
    const other = {
      Target: 'package-lock.json',
      Type: 'npm',
      Vulnerabilities: [{ ...semver, PkgName: 'semver-fork', PkgIdentifier: undefined }],
    }
    const result = readTrivy({ Results: [twice, other] })
    expect(result.findings.map((finding) => finding.kind === 'vulnerability' && finding.packageName)).toEqual([
      'semver',
      'semver-fork',
    ])
    expect(result.warnings).toEqual(['1 finding repeated in the file (the same finding twice) counted once'])
  })
})
