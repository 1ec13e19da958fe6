/** The sample repositories, reached only through the accessors below. */

export interface TabSummary {
  policyIssues: string
  vulnerabilities: string
  apiSurface: string
  securityContext: string
  sourceGraph: string
}

/**
 * Which kinds of source reported on a repository: a count of 0 says "nothing found" only where a
 * source of its kind looked. The workspace knows it of its repositories; sample and generated
 * repositories leave it out, as scanned for everything.
 */
export interface ScanCoverage {
  /** A code scanner's results were imported (SARIF), or a scanner reported policy issues (Trivy's misconfigurations or secrets). */
  policyIssues: boolean
  /** A dependency scanner's or a vulnerability BOM's results were imported (OSV-Scanner, Grype, Trivy, npm audit, CycloneDX). */
  vulnerabilities: boolean
  /** An API description was imported (OpenAPI, Swagger). */
  apiSurface: boolean
}

export interface Repository {
  id: string
  name: string
  description: string
  url: string
  language: string
  languages: string[]
  stars: number
  /** Relative text such as '2 hours ago'. */
  lastUpdated: string
  /** Private or public as a source said; undefined where none did (an imported repository's, until one says). */
  isPrivate?: boolean
  apiCount: number
  policyViolations: number
  vulnerabilities: number
  /** Open findings nobody has decided on yet, where decisions are kept (see `needsTriageOf`). */
  needsTriage?: number
  tabSummary?: TabSummary
  /** What looked at it, where that is known (see ScanCoverage); undefined: scanned for everything. */
  coverage?: ScanCoverage
}

/** Whether a source of this kind reported on the repository (every kind, where that is not known). */
export const scannedFor = (repository: Pick<Repository, 'coverage'>, kind: keyof ScanCoverage): boolean =>
  repository.coverage?.[kind] ?? true

export type RepositoryVisibility = 'private' | 'public' | 'unknown'

/** A repository's visibility, unknown where no source said: never counted as private or as public. */
export const visibilityOf = (repository: Pick<Repository, 'isPrivate'> | undefined): RepositoryVisibility =>
  repository?.isPrivate === undefined ? 'unknown' : repository.isPrivate ? 'private' : 'public'

/** The visibility as a CSV's cell writes it. */
export const visibilityCsvText: Record<RepositoryVisibility, string> = {
  private: 'Private',
  public: 'Public',
  unknown: 'Unknown',
}

/**
 * How many of a repository's findings (policy issues and vulnerabilities) need triage: where no
 * decisions are kept, every open finding does.
 */
export const needsTriageOf = (repository: Repository): number =>
  repository.needsTriage ?? repository.policyViolations + repository.vulnerabilities

const sampleRepositories: Repository[] = [
  {
    id: 'repo-001',
    name: 'atlas-storefront',
    description:
      'Customer-facing storefront and checkout for the Atlas retail brand: catalogue, cart, payments and order history.',
    url: 'https://github.com/vigil-demo/atlas-storefront',
    language: 'TypeScript',
    languages: ['TypeScript', 'JavaScript', 'CSS', 'HTML'],
    stars: 342,
    lastUpdated: '2 hours ago',
    isPrivate: false,
    apiCount: 12,
    policyViolations: 4,
    vulnerabilities: 2,
    tabSummary: {
      policyIssues:
        'atlas-storefront breaks 4 policy rules, 2 of them mandatory: fix the CSRF protection and the logging of personal data first.',
      vulnerabilities:
        'Two vulnerable dependencies, one critical: upgrading lodash removes the prototype-pollution path into checkout.',
      apiSurface:
        '12 endpoints, 5 of them handle payment-card data; every PCI endpoint requires a JWT, but 2 PII endpoints are public.',
      securityContext: 'Internet-facing, handles card payments (PCI DSS scope) and customer profiles.',
      sourceGraph: 'The checkout service depends on 3 internal packages and 148 third-party packages.',
    },
  },
  {
    id: 'repo-002',
    name: 'aurora-dashboard',
    description: 'Internal analytics dashboard for operations teams, built on React with server-side reporting jobs.',
    url: 'https://github.com/vigil-demo/aurora-dashboard',
    language: 'TypeScript',
    languages: ['TypeScript', 'CSS', 'HTML'],
    stars: 58,
    lastUpdated: '1 day ago',
    isPrivate: true,
    apiCount: 8,
    policyViolations: 0,
    vulnerabilities: 0,
    tabSummary: {
      policyIssues: 'aurora-dashboard follows every rule of the React security policy.',
      vulnerabilities: 'No known vulnerabilities in its 96 dependencies.',
      apiSurface: '8 internal endpoints; 3 read employee data (PII) and all of them require a JWT.',
      securityContext: 'Reachable only from the corporate network through the single sign-on proxy.',
      sourceGraph: 'A small graph: 2 internal packages and 96 third-party packages.',
    },
  },
  {
    id: 'repo-003',
    name: 'nexus-api',
    description: 'Public partner API gateway: authentication, rate limiting and routing to the internal services.',
    url: 'https://github.com/vigil-demo/nexus-api',
    language: 'Go',
    languages: ['Go', 'Shell', 'Dockerfile'],
    stars: 1207,
    lastUpdated: '3 hours ago',
    isPrivate: false,
    apiCount: 12,
    policyViolations: 0,
    vulnerabilities: 5,
    tabSummary: {
      policyIssues: 'nexus-api meets every policy rule that applies to it.',
      vulnerabilities:
        '5 vulnerable dependencies, including a critical one: this gateway faces the internet, so patch it first.',
      apiSurface:
        '12 partner endpoints across payments, patients and accounts: the widest data exposure of any repository.',
      securityContext: 'Internet-facing gateway in front of every partner integration; handles PII, PCI and PHI data.',
      sourceGraph: 'Routes to 7 internal services; 212 third-party modules.',
    },
  },
  {
    id: 'repo-004',
    name: 'stellar-frontend',
    description: 'Marketing site and self-service sign-up flow, statically generated and served from the CDN.',
    url: 'https://github.com/vigil-demo/stellar-frontend',
    language: 'JavaScript',
    languages: ['JavaScript', 'TypeScript', 'SCSS'],
    stars: 189,
    lastUpdated: '5 days ago',
    isPrivate: false,
    apiCount: 6,
    policyViolations: 0,
    vulnerabilities: 1,
    tabSummary: {
      policyIssues: 'stellar-frontend follows every rule of its policy.',
      vulnerabilities: 'One critical vulnerability in a build-time dependency.',
      apiSurface: '6 endpoints for sign-up and newsletters; 2 collect personal data.',
      securityContext: 'Public website; collects email addresses at sign-up.',
      sourceGraph: 'Static site: 1 internal package and 74 third-party packages.',
    },
  },
  {
    id: 'repo-005',
    name: 'quantum-backend',
    description: 'Core services for billing, patient records and notifications, with the PostgreSQL schema and jobs.',
    url: 'https://github.com/vigil-demo/quantum-backend',
    language: 'Python',
    languages: ['Python', 'SQL', 'Shell', 'Dockerfile'],
    stars: 76,
    lastUpdated: '12 hours ago',
    isPrivate: true,
    apiCount: 11,
    policyViolations: 0,
    vulnerabilities: 3,
    tabSummary: {
      policyIssues: 'quantum-backend meets every policy rule that applies to it.',
      vulnerabilities: '3 vulnerable dependencies, 2 of them high severity.',
      apiSurface: '11 internal endpoints; billing handles card data and the records service handles health data.',
      securityContext: 'Private network only; stores PHI and PCI data, so HIPAA and PCI DSS controls apply.',
      sourceGraph: 'Used by nexus-api and aurora-dashboard; 131 third-party packages.',
    },
  },
]

export function listRepositories(): Repository[] {
  return sampleRepositories
}

export function findRepository(name: string): Repository | undefined {
  return sampleRepositories.find((repository) => repository.name === name)
}
