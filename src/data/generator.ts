import { faker } from '@faker-js/faker/locale/en'
import { countExposure, type ApiEndpoint, type EndpointAuth, type EndpointExposure, type HttpMethod } from './endpoints'
import { relativeTime } from '@/lib/relative-time'
import { MAX_GENERATED_SIZE } from './generated-size'
import type { Repository } from './repositories'

/**
 * A generated organisation for demos and benchmarks: seeded and deterministic, so the same size
 * and seed always give the same repositories. Faker writes the text; a small seeded generator
 * decides each repository's endpoint traits, so that they can be counted for 100,000
 * repositories without building every endpoint.
 */

export const DEFAULT_SEED = 3876

const languageWeights: [string, number][] = [
  ['TypeScript', 30],
  ['JavaScript', 24],
  ['Python', 12],
  ['Java', 8],
  ['Go', 7],
  ['Kotlin', 3],
  ['PHP', 3],
  ['Ruby', 3],
  ['C#', 4],
  ['Rust', 3],
  ['Swift', 3],
]
const secondaryLanguages = ['CSS', 'HTML', 'Shell', 'Dockerfile', 'SQL', 'SCSS', 'Makefile', 'HCL']

/** A fast seeded generator (mulberry32) over a string's FNV-1a hash. */
function seededRandom(key: string): () => number {
  let state = 2166136261
  for (let i = 0; i < key.length; i++) state = Math.imul(state ^ key.charCodeAt(i), 16777619)
  return () => {
    state = (state + 0x6d2b79f5) | 0
    let t = Math.imul(state ^ (state >>> 15), 1 | state)
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296
  }
}

const methods: HttpMethod[] = ['GET', 'GET', 'GET', 'POST', 'POST', 'PUT', 'PATCH', 'DELETE']
const auths: EndpointAuth[] = ['JWT', 'JWT', 'JWT', 'API Key', 'API Key', 'None']

interface EndpointTraits {
  method: HttpMethod
  auth: EndpointAuth
  pii: boolean
  pci: boolean
  phi: boolean
}

/** Calls `visit` with the traits of each of the repository's endpoints, in order. */
function forEachEndpointTrait(repository: Repository, visit: (traits: EndpointTraits, index: number) => void) {
  const random = seededRandom(repository.id)
  for (let index = 0; index < repository.apiCount; index++) {
    visit(
      {
        method: methods[Math.floor(random() * methods.length)],
        auth: auths[Math.floor(random() * auths.length)],
        pii: random() < 0.35,
        pci: random() < 0.12,
        phi: random() < 0.08,
      },
      index,
    )
  }
}

/** The endpoints of a repository counted by exposure, without making the endpoints themselves. */
export function generatedEndpointStats(repository: Repository): EndpointExposure {
  const traits: Pick<ApiEndpoint, 'pii' | 'pci' | 'phi' | 'auth'>[] = []
  forEachEndpointTrait(repository, (trait) => traits.push(trait))
  return countExposure(traits)
}

export function generatedEndpoints(repository: Repository): ApiEndpoint[] {
  faker.seed(Array.from(repository.id).reduce((hash, char) => (hash * 31 + char.charCodeAt(0)) | 0, 7))
  const endpoints: ApiEndpoint[] = []
  forEachEndpointTrait(repository, (traits, index) => {
    const resource = `${faker.word
      .noun()
      .toLowerCase()
      .replace(/[^a-z]/g, '')}s`
    const path = traits.method === 'POST' ? `/api/${resource}` : `/api/${resource}/{id}`
    endpoints.push({
      id: `${repository.id}-endpoint-${index + 1}`,
      ...traits,
      path,
      description: `${traits.method === 'GET' ? 'Read' : 'Change'} ${resource}`,
    })
  })
  return endpoints
}

function pickWeighted(weights: [string, number][]): string {
  const total = weights.reduce((sum, [, weight]) => sum + weight, 0)
  let roll = faker.number.int({ min: 0, max: total - 1 })
  for (const [value, weight] of weights) {
    if (roll < weight) return value
    roll -= weight
  }
  return weights[0][0]
}

function slug(text: string): string {
  return text
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '')
}

/** An organisation of `size` repositories (1 to 100,000). */
export function generateOrganisation(size: number, seed = DEFAULT_SEED): Repository[] {
  const count = Math.max(1, Math.min(MAX_GENERATED_SIZE, Math.floor(size)))
  faker.seed(seed)
  const repositories: Repository[] = new Array(count)
  for (let index = 0; index < count; index++) {
    const name = `${slug(faker.word.adjective())}-${slug(faker.word.noun())}-${index + 1}`
    const language = pickWeighted(languageWeights)
    const extra = faker.helpers.arrayElements(secondaryLanguages, { min: 0, max: 3 })
    const policyViolations = faker.number.int({ min: 0, max: 9 }) < 3 ? 4 : 0
    const vulnerabilities = Math.max(0, faker.number.int({ min: -4, max: 5 }))
    const apiCount = faker.number.int({ min: 0, max: 20 })
    const withSummary = faker.number.int({ min: 0, max: 19 }) > 0
    repositories[index] = {
      id: `gen-${seed}-${index + 1}`,
      name,
      description: `${faker.company.catchPhrase()} for the ${faker.commerce.department().toLowerCase()} team.`,
      url: `https://github.com/vigil-demo/${name}`,
      language,
      languages: [language, ...extra],
      stars: Math.floor(faker.number.int({ min: 0, max: 70 }) ** 2),
      lastUpdated: relativeTime(faker.number.int({ min: 3, max: 2 * 525_600 })),
      isPrivate: faker.datatype.boolean({ probability: 0.4 }),
      apiCount,
      policyViolations,
      vulnerabilities,
      tabSummary: withSummary
        ? {
            policyIssues: policyViolations
              ? `${name} breaks ${policyViolations} policy rules; start with the mandatory ones.`
              : `${name} follows every rule of its policy.`,
            vulnerabilities: vulnerabilities
              ? `${vulnerabilities} vulnerable dependencies to upgrade.`
              : 'No known vulnerabilities in its dependencies.',
            apiSurface: `${apiCount} endpoints.`,
            securityContext: `${faker.helpers.arrayElement(['Internet-facing', 'Internal', 'Partner-facing'])} ${language} service.`,
            sourceGraph: `${faker.number.int({ min: 10, max: 400 })} third-party packages.`,
          }
        : undefined,
    }
  }
  return repositories
}
