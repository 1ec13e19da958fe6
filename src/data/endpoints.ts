/** API endpoints per repository. */
import { prototypeFreeLookup } from '@/lib/prototype-free-lookup'

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE' | 'HEAD' | 'OPTIONS' | 'TRACE' | 'QUERY'
/** Basic and Unknown come from imported API descriptions: Unknown is a scheme Vigil cannot read. */
export type EndpointAuth = 'JWT' | 'API Key' | 'Basic' | 'None' | 'Unknown'
/**
 * Whether a description declared the auth: `[]` is none, an alternative `{}` optional, no
 * `security` at all undeclared (its auth None: the description lets anyone call it).
 */
export type EndpointAuthDeclared = 'declared' | 'none' | 'optional' | 'undeclared'
export type DataCategory = 'pii' | 'pci' | 'phi'

/** Why an endpoint is flagged: "`email` (format: email) in the 200 response". */
export interface ClassificationReason {
  category: DataCategory
  text: string
}

export interface ApiEndpoint {
  id: string
  /** An HTTP method; a description can name others (OpenAPI 3.2 `additionalOperations`). */
  method: HttpMethod | (string & {})
  path: string
  auth: EndpointAuth
  pii: boolean
  pci: boolean
  phi: boolean
  description: string
  /** Imported endpoints: why each flag is set, the API description, and how auth was declared. */
  reasons?: ClassificationReason[]
  document?: string
  authDeclared?: EndpointAuthDeclared
  authSchemes?: string[]
  channel?: 'http' | 'webhook' | 'callback'
  operationId?: string
  tags?: string[]
  deprecated?: boolean
}

/** Every endpoint of every repository, in two columns: `repository[i]` indexes the repositories. */
export interface EndpointOccurrences {
  repository: number[]
  endpoint: ApiEndpoint[]
}

/** An API description in the workspace, as `/apis/documentation` lists it. */
export interface ApiDocumentListing {
  title: string
  version?: string
  specification: string
  repository: string
  file: string
  endpoints: number
  importedAt: string
}

export const isSensitive = (endpoint: Pick<ApiEndpoint, 'pii' | 'pci' | 'phi'>) =>
  endpoint.pii || endpoint.pci || endpoint.phi

/** Sensitive data with no authentication: the headline of `/apis`. */
export const isExposed = (endpoint: Pick<ApiEndpoint, 'pii' | 'pci' | 'phi' | 'auth'>) =>
  isSensitive(endpoint) && endpoint.auth === 'None'

/**
 * The order "most exposed first" sorts by, in `/apis` and a repository's API Surface tab: sensitive
 * and unauthenticated (0), sensitive (1), unauthenticated (2), the rest (3).
 */
export const exposureRank = (endpoint: Pick<ApiEndpoint, 'pii' | 'pci' | 'phi' | 'auth'>): number =>
  (isSensitive(endpoint) ? 0 : 2) + (endpoint.auth === 'None' ? 0 : 1)

/** A set of endpoints counted: all of them, the sensitive ones, and those of them anyone can call. */
export interface EndpointExposure {
  endpoints: number
  /** Endpoints that handle PII, PCI or PHI data. */
  sensitive: number
  /** Sensitive endpoints that need no authentication. */
  exposed: number
}

/** The one count of sensitive and exposed endpoints: every data source and screen uses it. */
export function countExposure(
  endpoints: Iterable<Pick<ApiEndpoint, 'pii' | 'pci' | 'phi' | 'auth'>>,
): EndpointExposure {
  const counts = { endpoints: 0, sensitive: 0, exposed: 0 }
  for (const endpoint of endpoints) {
    counts.endpoints += 1
    if (isSensitive(endpoint)) counts.sensitive += 1
    if (isExposed(endpoint)) counts.exposed += 1
  }
  return counts
}

type Row = [HttpMethod, string, EndpointAuth, string, string]

/** Rows: method, path, auth, data flags (some of 'pii', 'pci', 'phi'), description. */
function endpoints(prefix: string, rows: Row[]): ApiEndpoint[] {
  return rows.map(([method, path, auth, flags, description], index) => ({
    id: `${prefix}-${String(index + 1).padStart(2, '0')}`,
    method,
    path,
    auth,
    pii: flags.includes('pii'),
    pci: flags.includes('pci'),
    phi: flags.includes('phi'),
    description,
  }))
}

const endpointsByRepository = prototypeFreeLookup<ApiEndpoint[]>({
  'atlas-storefront': endpoints('atlas', [
    ['GET', '/api/products', 'None', '', 'List the catalogue'],
    ['GET', '/api/products/{id}', 'None', '', 'Read one product'],
    ['GET', '/api/search', 'None', '', 'Search the catalogue'],
    ['POST', '/api/cart/items', 'JWT', '', 'Add an item to the cart'],
    ['DELETE', '/api/cart/items/{id}', 'JWT', '', 'Remove an item from the cart'],
    ['POST', '/api/checkout', 'JWT', 'pii pci', 'Place an order and charge the card'],
    ['POST', '/api/payments/cards', 'JWT', 'pii pci', 'Save a payment card'],
    ['GET', '/api/payments/cards', 'JWT', 'pci', 'List saved cards (masked)'],
    ['POST', '/api/payments/refunds', 'JWT', 'pci', 'Refund an order'],
    ['GET', '/api/orders/{id}/receipt', 'JWT', 'pii pci', 'Download a receipt'],
    ['POST', '/api/newsletter', 'None', 'pii', 'Subscribe an email address'],
    ['POST', '/api/contact', 'None', 'pii', 'Send a message to support'],
  ]),
  'aurora-dashboard': endpoints('aurora', [
    ['GET', '/api/metrics/overview', 'JWT', '', 'Operational metrics overview'],
    ['GET', '/api/metrics/incidents', 'JWT', '', 'Incident counts by team'],
    ['GET', '/api/reports', 'JWT', '', 'List scheduled reports'],
    ['POST', '/api/reports', 'JWT', '', 'Schedule a report'],
    ['GET', '/api/employees', 'JWT', 'pii', 'Employee directory'],
    ['GET', '/api/employees/{id}', 'JWT', 'pii', 'One employee record'],
    ['GET', '/api/on-call', 'JWT', 'pii', 'Who is on call'],
    ['GET', '/api/health', 'None', '', 'Liveness probe'],
  ]),
  'nexus-api': endpoints('nexus', [
    ['POST', '/v1/oauth/token', 'None', '', 'Issue partner access tokens'],
    ['GET', '/v1/accounts/{id}', 'JWT', 'pii', 'Read a customer account'],
    ['PATCH', '/v1/accounts/{id}', 'JWT', 'pii', 'Update a customer account'],
    ['POST', '/v1/payments', 'API Key', 'pii pci', 'Create a payment'],
    ['GET', '/v1/payments/{id}', 'API Key', 'pci', 'Read a payment'],
    ['POST', '/v1/payouts', 'API Key', 'pci', 'Send a payout'],
    ['GET', '/v1/patients/{id}', 'JWT', 'pii phi', 'Read a patient summary'],
    ['GET', '/v1/patients/{id}/prescriptions', 'JWT', 'pii phi', 'List prescriptions'],
    ['POST', '/v1/claims', 'JWT', 'pii phi pci', 'Submit an insurance claim'],
    ['POST', '/v1/webhooks', 'API Key', '', 'Register a webhook'],
    ['GET', '/v1/status', 'None', '', 'Public status'],
    ['GET', '/v1/rate-limits', 'API Key', '', 'Read the caller’s limits'],
  ]),
  'stellar-frontend': endpoints('stellar', [
    ['GET', '/api/pages/{slug}', 'None', '', 'Render a marketing page'],
    ['POST', '/api/signup', 'None', 'pii', 'Start a self-service sign-up'],
    ['POST', '/api/newsletter', 'None', 'pii', 'Subscribe to the newsletter'],
    ['GET', '/api/pricing', 'None', '', 'Current price list'],
    ['GET', '/api/blog/posts', 'None', '', 'List blog posts'],
    ['GET', '/api/sitemap', 'None', '', 'Sitemap for crawlers'],
  ]),
  'quantum-backend': endpoints('quantum', [
    ['POST', '/internal/billing/invoices', 'JWT', 'pii pci', 'Create an invoice'],
    ['GET', '/internal/billing/invoices/{id}', 'JWT', 'pii pci', 'Read an invoice'],
    ['POST', '/internal/billing/charges', 'API Key', 'pci', 'Charge a stored card'],
    ['GET', '/internal/records/{patientId}', 'JWT', 'pii phi', 'Read a patient record'],
    ['PUT', '/internal/records/{patientId}', 'JWT', 'pii phi', 'Update a patient record'],
    ['GET', '/internal/records/{patientId}/labs', 'JWT', 'phi', 'List lab results'],
    ['POST', '/internal/notifications/email', 'API Key', 'pii', 'Send an email'],
    ['POST', '/internal/notifications/sms', 'API Key', 'pii', 'Send a text message'],
    ['GET', '/internal/jobs', 'JWT', '', 'List background jobs'],
    ['POST', '/internal/jobs/{id}/retry', 'JWT', '', 'Retry a failed job'],
    ['GET', '/internal/health', 'None', '', 'Liveness probe'],
  ]),
})

export function endpointsFor(repositoryName: string): ApiEndpoint[] {
  return endpointsByRepository[repositoryName] ?? []
}
