import { describe, expect, it } from 'vitest'
import { readScanText } from '@/workspace/readers/detect'
import { ReaderError, type EndpointFinding } from '@/workspace/model/model'
import { countExposure } from '@/data/endpoints'

const endpointsOf = (text: string) => readScanText(text)[0].findings as EndpointFinding[]
const byKey = (text: string) =>
  new Map(endpointsOf(text).map((endpoint) => [`${endpoint.method} ${endpoint.path}`, endpoint]))

/** A user API in OpenAPI 3.1 YAML, as a team would write it. */
const userApi = `openapi: 3.1.0
info:
  title: Accounts API
  version: 2.3.0
security:
  - bearerAuth: []
paths:
  /users/{userId}:
    parameters:
      - name: userId
        in: path
        required: true
        schema: { type: string }
    get:
      summary: Read a user
      operationId: getUser
      tags: [users]
      responses:
        '200':
          description: The user
          content:
            application/json:
              schema:
                $ref: '#/components/schemas/User'
    delete:
      summary: Remove a user
      deprecated: true
      responses:
        '204': { description: gone }
  /health:
    get:
      summary: Liveness
      security: []
      responses:
        '200': { description: ok }
  /products/{id}:
    get:
      summary: A product
      security:
        - {}
        - bearerAuth: []
      responses:
        '200':
          description: ok
          content:
            application/json:
              schema:
                type: object
                properties:
                  display_name: { type: string }
                  capacity: { type: integer }
                  name: { type: string }
webhooks:
  userCreated:
    post:
      requestBody:
        content:
          application/json:
            schema:
              $ref: '#/components/schemas/User'
      responses:
        '200': { description: ok }
components:
  securitySchemes:
    bearerAuth:
      type: http
      scheme: bearer
  schemas:
    User:
      type: object
      properties:
        id: { type: string }
        email: { type: string, format: email }
        given_name: { type: string }
        manager:
          $ref: '#/components/schemas/User'
`

describe('OpenAPI reader', () => {
  it('reads a 3.1 YAML description: endpoints with method, path, summary, operation id, tags, deprecated', () => {
    const [result] = readScanText(userApi)
    expect(result.format).toBe('openapi')
    expect(result.tool).toBe('Accounts API 2.3.0')
    expect(result.apiDocument).toEqual({ title: 'Accounts API', version: '2.3.0', specification: 'OpenAPI 3.1.0' })
    const endpoints = byKey(userApi)
    expect([...endpoints.keys()].sort()).toEqual([
      'DELETE /users/{userId}',
      'GET /health',
      'GET /products/{id}',
      'GET /users/{userId}',
      'POST userCreated',
    ])
    const user = endpoints.get('GET /users/{userId}')!
    expect(user).toMatchObject({ summary: 'Read a user', operationId: 'getUser', tags: ['users'], deprecated: false })
    expect(endpoints.get('DELETE /users/{userId}')!.deprecated).toBe(true)
    expect(endpoints.get('POST userCreated')!.channel).toBe('webhook')
  })

  it('classifies through $ref cycles and keeps each flag’s reasons', () => {
    const user = byKey(userApi).get('GET /users/{userId}')!
    expect(user.pii).toBe(true)
    expect(user.pci).toBe(false)
    expect(user.reasons).toContainEqual({ category: 'pii', text: '`email` (format: email) in the 200 response' })
    expect(user.reasons).toContainEqual({ category: 'pii', text: '`given_name` (person name) in the 200 response' })
    expect(byKey(userApi).get('POST userCreated')!.reasons[0].text).toMatch(/in the request body$/)
  })

  it('does not take a product’s display_name, name or capacity for personal data', () => {
    const product = byKey(userApi).get('GET /products/{id}')!
    expect(product).toMatchObject({ pii: false, pci: false, phi: false, reasons: [] })
  })

  it('tells declared, explicitly none, optional and undeclared auth apart', () => {
    const endpoints = byKey(userApi)
    expect(endpoints.get('GET /users/{userId}')).toMatchObject({ auth: 'JWT', authDeclared: 'declared' })
    expect(endpoints.get('GET /health')).toMatchObject({ auth: 'None', authDeclared: 'none' })
    expect(endpoints.get('GET /products/{id}')).toMatchObject({ auth: 'None', authDeclared: 'optional' })
    const undeclared = endpointsOf(`openapi: 3.0.3
info: { title: Open, version: '1' }
paths:
  /a:
    get:
      responses: { '200': { description: ok } }
`)
    expect(undeclared[0]).toMatchObject({ auth: 'None', authDeclared: 'undeclared' })
    expect(
      readScanText(`openapi: 3.0.3
info: { title: Open, version: '1' }
paths:
  /a:
    get:
      responses: { '200': { description: ok } }
`)[0].warnings,
    ).toContain(
      '1 endpoint declared no security at all: as the description states it, anyone can call it, so its auth is shown as None (not declared).',
    )
  })

  it('reads a security that is no list of requirements as Unknown, and says so', () => {
    const document = {
      openapi: '3.0.3',
      info: { title: 'Odd', version: '1' },
      paths: { '/a': { get: { security: { key: [] }, responses: {} } } },
    }
    const [result] = readScanText(JSON.stringify(document))
    expect(result.findings[0]).toMatchObject({ auth: 'Unknown', authDeclared: 'undeclared' })
    expect(result.warnings).toContain(
      '1 endpoint had a security that is no list of requirements; its auth is shown as Unknown.',
    )
  })

  it.each([
    [{ type: 'http', scheme: 'bearer', bearerFormat: 'JWT' }, 'JWT'],
    [{ type: 'oauth2', flows: {} }, 'JWT'],
    [{ type: 'openIdConnect', openIdConnectUrl: 'https://id.example/.well-known/openid-configuration' }, 'JWT'],
    [{ type: 'apiKey', in: 'header', name: 'X-Key' }, 'API Key'],
    [{ type: 'apiKey', in: 'query', name: 'key' }, 'API Key'],
    [{ type: 'apiKey', in: 'cookie', name: 'session' }, 'API Key'],
    [{ type: 'http', scheme: 'basic' }, 'Basic'],
    [{ type: 'mutualTLS' }, 'Unknown'],
  ])('maps the security scheme %j to %s', (scheme, auth) => {
    const document = {
      openapi: '3.1.0',
      info: { title: 'Auth', version: '1' },
      components: { securitySchemes: { s: scheme } },
      paths: { '/x': { get: { security: [{ s: [] }], responses: {} } } },
    }
    expect(endpointsOf(JSON.stringify(document))[0].auth).toBe(auth)
  })

  it('says when a requirement names a scheme that is not defined', () => {
    const document = {
      openapi: '3.0.0',
      info: { title: 'Auth', version: '1' },
      paths: { '/x': { get: { security: [{ ghost: [] }], responses: {} } } },
    }
    const [result] = readScanText(JSON.stringify(document))
    expect((result.findings[0] as EndpointFinding).auth).toBe('Unknown')
    expect(result.warnings.join(' ')).toContain('Security scheme ghost is used but not defined')
  })

  it('reads Swagger 2.0: body and form parameters, security definitions and basic auth', () => {
    const swagger = {
      swagger: '2.0',
      info: { title: 'Payments', version: '1.4' },
      basePath: '/v1',
      securityDefinitions: { key: { type: 'apiKey', in: 'header', name: 'X-Api-Key' }, basic: { type: 'basic' } },
      security: [{ key: [] }],
      paths: {
        '/charges': {
          post: {
            parameters: [{ in: 'body', name: 'charge', schema: { $ref: '#/definitions/Charge' } }],
            responses: { 201: { description: 'created' } },
          },
        },
        '/admin/login': {
          post: {
            security: [{ basic: [] }],
            consumes: ['application/x-www-form-urlencoded'],
            parameters: [{ in: 'formData', name: 'email', type: 'string' }],
            responses: { 200: { description: 'ok' } },
          },
        },
      },
      definitions: {
        Charge: {
          type: 'object',
          properties: {
            amount: { type: 'integer' },
            card: { $ref: '#/definitions/Card' },
          },
        },
        Card: {
          type: 'object',
          properties: { number: { type: 'string' }, cvc: { type: 'string' }, exp_month: { type: 'integer' } },
        },
      },
    }
    const [result] = readScanText(JSON.stringify(swagger))
    expect(result.apiDocument?.specification).toBe('Swagger 2.0')
    const endpoints = new Map((result.findings as EndpointFinding[]).map((endpoint) => [endpoint.path, endpoint]))
    const charges = endpoints.get('/charges')!
    expect(charges).toMatchObject({ auth: 'API Key', pci: true })
    expect(charges.reasons.map((reason) => reason.text)).toEqual(
      expect.arrayContaining([
        '`card.number` (card number) in the request body',
        '`card.cvc` (card security code) in the request body',
      ]),
    )
    expect(endpoints.get('/admin/login')).toMatchObject({ auth: 'Basic', pii: true })
  })

  it('reads 3.2 query operations and other methods, and callbacks', () => {
    const document = {
      openapi: '3.2.0',
      info: { title: 'Search', version: '1' },
      paths: {
        '/search': {
          query: { responses: { 200: { description: 'ok' } } },
          additionalOperations: { LINK: { responses: {} } },
          post: {
            callbacks: {
              done: { '{$request.body#/callbackUrl}': { post: { responses: { 200: { description: 'ok' } } } } },
            },
            responses: {},
          },
        },
      },
    }
    const endpoints = endpointsOf(JSON.stringify(document))
    expect(endpoints.map((endpoint) => `${endpoint.channel} ${endpoint.method}`).sort()).toEqual([
      'callback POST',
      'http LINK',
      'http POST',
      'http QUERY',
    ])
  })

  it('resolves $anchor and $id references', () => {
    const document = {
      openapi: '3.1.0',
      info: { title: 'Anchors', version: '1' },
      paths: {
        '/a': {
          get: {
            responses: { 200: { description: 'ok', content: { 'application/json': { schema: { $ref: '#person' } } } } },
          },
        },
        '/b': {
          get: {
            responses: {
              200: {
                description: 'ok',
                content: { 'application/json': { schema: { $ref: 'https://schemas.example/patient' } } },
              },
            },
          },
        },
      },
      components: {
        schemas: {
          Person: { $anchor: 'person', type: 'object', properties: { date_of_birth: { type: 'string' } } },
          Chart: {
            $id: 'https://schemas.example/patient',
            type: 'object',
            properties: { diagnosis: { type: 'string' } },
          },
        },
      },
    }
    const [result] = readScanText(JSON.stringify(document))
    const [a, b] = result.findings as EndpointFinding[]
    expect(a.pii).toBe(true)
    expect(b.phi).toBe(true)
    expect(result.warnings).toEqual([expect.stringContaining('declared no security')])
  })

  it('never fetches external references, and says which were left', () => {
    const document = {
      openapi: '3.0.0',
      info: { title: 'External', version: '1' },
      security: [],
      paths: {
        '/a': {
          get: {
            responses: {
              200: {
                description: 'ok',
                content: {
                  'application/json': {
                    schema: {
                      type: 'object',
                      properties: {
                        remote: { $ref: 'http://schemas.example/user.json#/User' },
                        local: { $ref: 'file:///etc/passwd' },
                        email: { type: 'string' },
                      },
                    },
                  },
                },
              },
            },
          },
        },
      },
    }
    const [result] = readScanText(JSON.stringify(document))
    expect(result.findings[0]).toMatchObject({ pii: true })
    expect(result.warnings.join(' ')).toContain('2 external references (')
    expect(result.warnings.join(' ')).toContain('were not fetched')
  })

  it('reports unresolvable references and an unquoted YAML $ref, and still reads the rest', () => {
    const [result] = readScanText(`openapi: 3.0.3
info: { title: Broken refs, version: '1' }
security: []
paths:
  /a:
    get:
      responses:
        '200':
          description: ok
          content:
            application/json:
              schema:
                type: object
                properties:
                  missing:
                    $ref: '#/components/schemas/Nowhere'
                  comment:
                    $ref: #/components/schemas/User
                  phone_number: { type: string }
`)
    expect(result.findings[0]).toMatchObject({ pii: true })
    expect(result.warnings.join(' ')).toContain('1 reference could not be resolved (#/components/schemas/Nowhere)')
    expect(result.warnings.join(' ')).toContain('in YAML an unquoted $ref: #/... is a comment')
  })

  it('reads 50 levels of nesting, and a $ref cycle, without running out of stack', () => {
    let schema: Record<string, unknown> = { type: 'object', properties: { ssn: { type: 'string' } } }
    for (let level = 0; level < 50; level++) schema = { type: 'object', properties: { [`level${level}`]: schema } }
    const document = {
      openapi: '3.1.0',
      info: { title: 'Deep', version: '1' },
      security: [],
      paths: { '/deep': { post: { requestBody: { content: { 'application/json': { schema } } }, responses: {} } } },
      components: {
        schemas: {
          A: { properties: { b: { $ref: '#/components/schemas/B' } } },
          B: { properties: { a: { $ref: '#/components/schemas/A' } } },
        },
      },
    }
    const [endpoint] = endpointsOf(JSON.stringify(document))
    expect(endpoint.pii).toBe(true)
    expect(endpoint.reasons[0].text).toMatch(/^`level49\.level48\..*\.ssn` \(government id\)/)
  })

  it('reads a description of 100,000 operations', () => {
    const paths: Record<string, unknown> = {}
    for (let index = 0; index < 100_000; index++) paths[`/items/${index}`] = { get: { responses: {} } }
    const [result] = readScanText(
      JSON.stringify({ openapi: '3.0.0', info: { title: 'Big', version: '1' }, security: [], paths }),
    )
    expect(result.findings).toHaveLength(100_000)
  }, 60_000)

  it('keeps HTML in descriptions as text', () => {
    const [endpoint] = endpointsOf(
      JSON.stringify({
        openapi: '3.0.0',
        info: { title: '<img src=x onerror=alert(1)>', version: '1' },
        paths: { '/x': { get: { summary: '<script>alert(1)</script>', responses: {} } } },
      }),
    )
    expect(endpoint.summary).toBe('<script>alert(1)</script>')
    expect(endpoint.tool).toBe('<img src=x onerror=alert(1)> 1')
  })
})

describe('bad API descriptions get a clear reason', () => {
  const refuses = (text: string, reason: string | RegExp) => {
    expect(() => readScanText(text)).toThrow(ReaderError)
    expect(() => readScanText(text)).toThrow(reason)
  }

  it('refuses a description with no paths', () => {
    refuses(
      'openapi: 3.1.0\ninfo: { title: Empty, version: "1" }\npaths: {}\n',
      'has no operations under paths or webhooks',
    )
  })

  it('refuses versions it does not read', () => {
    refuses('{"swagger": "1.2", "apis": []}', 'This is Swagger 1.2')
    refuses('openapi: 4.0.0\npaths: {}\n', 'This is OpenAPI 4.0.0')
    // String() throws on an object whose own toString is not a function: the message writes it as JSON.
    refuses('{"openapi": {"toString": {}}, "paths": {}}', 'This is OpenAPI {"toString":{}}')
    refuses('{"swagger": {"toString": {}}, "paths": {}}', 'This is Swagger {"toString":{}}')
  })

  it('refuses a YAML alias bomb before expanding it', () => {
    const lines = ['a: &a ["lol","lol","lol","lol","lol","lol","lol","lol","lol"]']
    for (let level = 1; level < 10; level++) {
      const previous = String.fromCharCode(96 + level)
      const next = String.fromCharCode(97 + level)
      lines.push(`${next}: &${next} [${Array(9).fill(`*${previous}`).join(',')}]`)
    }
    refuses(`openapi: 3.0.0\n${lines.join('\n')}\n`, /alias bomb/)
  })

  it('refuses broken YAML with the parser’s reason, and other YAML as an unknown kind of file', () => {
    refuses('openapi: 3.0.0\ninfo: [unclosed\n', /neither valid JSON nor valid YAML/)
    refuses('services:\n  web:\n    image: nginx\n', /its top-level fields: services/)
  })

  it('treats __proto__ keys in YAML as data', () => {
    const [endpoint] = endpointsOf(`openapi: 3.0.0
info: { title: Proto, version: '1' }
paths:
  /x:
    get:
      responses:
        '200':
          description: ok
          content:
            application/json:
              schema:
                type: object
                properties:
                  __proto__: { type: string, format: email }
`)
    expect(endpoint.pii).toBe(true)
    expect(({} as Record<string, unknown>).type).toBeUndefined()
  })
})

describe('malformed parts found by the fuzz pass', () => {
  it('reads a security scheme whose type is no text as unknown auth, rather than failing', () => {
    const text = JSON.stringify({
      openapi: '3.0.3',
      info: { title: 'Odd', version: '1' },
      components: { securitySchemes: { odd: { type: -1 }, empty: [] } },
      security: [{ odd: [] }],
      paths: { '/a': { get: { responses: { 200: { description: 'ok' } } } } },
    })
    expect(endpointsOf(text).map((endpoint) => endpoint.auth)).toEqual(['Unknown'])
  })

  it('refuses with a reason a Swagger 2.0 description whose parts the upgrade cannot read', () => {
    const text = JSON.stringify({
      swagger: '2.0',
      info: { title: 'Odd', version: '1' },
      paths: { '/a': { parameters: 'javascript:alert(1)', get: { responses: { 200: { description: 'ok' } } } } },
    })
    expect(() => readScanText(text)).toThrow(ReaderError)
  })
})

describe('components shared by many operations', () => {
  const ref = (name: string) => ({ $ref: `#/components/schemas/${name}` })
  const json = (schema: object) => ({ content: { 'application/json': { schema } } })
  const operations: Record<string, Record<string, object>> = {
    '/patients/{id}': {
      get: { tags: ['patients'], responses: { 200: json(ref('Patient')) } },
      // The same component twice in one operation: its parts are read once there.
      put: { requestBody: json(ref('Patient')), responses: { 200: json(ref('Patient')) } },
    },
    '/users/{id}': { get: { tags: ['users'], responses: { 200: json(ref('Patient')) } } },
    // Settings' name is a person's where the operation is about people, and nothing elsewhere.
    '/users/{id}/profile': { get: { responses: { 200: json(ref('Settings')) } } },
    '/widgets/{id}': { get: { responses: { 200: json(ref('Settings')) } } },
    '/records': { get: { tags: ['health'], responses: { 200: json({ type: 'array', items: ref('Patient') }) } } },
    '/billing': {
      post: {
        requestBody: json({
          type: 'object',
          properties: { payer: ref('Contact'), card: ref('Card'), again: ref('Contact') },
        }),
        responses: { 204: { description: 'Paid' } },
      },
    },
    '/tree': { get: { responses: { 200: json(ref('Node')), 201: json({ properties: { root: ref('Node') } }) } } },
    '/contacts': { get: { responses: { 200: json(ref('Contact')), default: json(ref('Quiet')) } } },
  }
  const schemas = {
    Patient: {
      type: 'object',
      properties: {
        id: { type: 'string' },
        birthDate: { type: 'string', format: 'date' },
        diagnosis: { type: 'string' },
        address: ref('Address'),
        contact: ref('Contact'),
      },
    },
    Address: {
      type: 'object',
      properties: { street: { type: 'string' }, city: { type: 'string' }, postalCode: { type: 'string' } },
    },
    Contact: { type: 'object', properties: { email: { type: 'string', format: 'email' }, phone: { type: 'string' } } },
    Card: { type: 'object', properties: { cardNumber: { type: 'string' }, cvv: { type: 'string' } } },
    Settings: { type: 'object', properties: { name: { type: 'string' }, theme: { type: 'string' } } },
    Node: { type: 'object', properties: { label: { type: 'string' }, next: ref('Node'), owner: ref('Contact') } },
    Quiet: {
      type: 'object',
      'x-data-classification': 'public',
      properties: { email: { type: 'string', format: 'email' } },
    },
  }
  const description = (paths: object) =>
    JSON.stringify({ openapi: '3.1.0', info: { title: 'Clinic', version: '1' }, paths, components: { schemas } })
  const classified = (endpoint: EndpointFinding) => ({
    pii: endpoint.pii,
    pci: endpoint.pci,
    phi: endpoint.phi,
    reasons: endpoint.reasons,
  })

  it('classifies each operation as it would alone, however many read the same components before it', () => {
    const together = byKey(description(operations))
    expect(together.size).toBe(9)
    expect(classified(together.get('GET /patients/{id}')!)).toMatchObject({ pii: true, phi: true })
    expect(classified(together.get('POST /billing')!)).toMatchObject({ pii: true, pci: true })
    expect(classified(together.get('GET /users/{id}/profile')!)).toMatchObject({ pii: true })
    expect(classified(together.get('GET /widgets/{id}')!)).toMatchObject({ pii: false, reasons: [] })
    // Read in the request body, the patient's contact is not read again in the response.
    const replaced = together.get('PUT /patients/{id}')!.reasons.map((reason) => reason.text)
    expect(replaced).toContain('`contact.email` (format: email) in the request body')
    expect(replaced).toContain('`birthDate` (date of birth) in the 200 response')
    expect(replaced).not.toContain('`contact.email` (format: email) in the 200 response')
    for (const [path, methods] of Object.entries(operations)) {
      for (const [method, operation] of Object.entries(methods)) {
        const [alone] = endpointsOf(description({ [path]: { [method]: operation } }))
        expect(classified(together.get(`${method.toUpperCase()} ${path}`)!), `${method} ${path}`).toEqual(
          classified(alone),
        )
      }
    }
  })

  it('reads a component under each of its names: a YAML alias gives one schema two', () => {
    const endpoints = byKey(`openapi: 3.1.0
info: { title: Shop, version: '1' }
paths:
  /widgets:
    get:
      responses:
        '200':
          description: A widget
          content: { application/json: { schema: { $ref: '#/components/schemas/Widget' } } }
  /buyers:
    get:
      responses:
        '200':
          description: A buyer
          content: { application/json: { schema: { $ref: '#/components/schemas/Customer' } } }
components:
  schemas:
    Widget: &shared
      type: object
      properties:
        name: { type: string }
    Customer: *shared
`)
    expect(endpoints.get('GET /widgets')).toMatchObject({ pii: false })
    expect(endpoints.get('GET /buyers')).toMatchObject({ pii: true })
  })
})

describe('descriptions that declare no security', () => {
  /** A public user directory, as a Swagger 2.0 description with no security anywhere. */
  const swagger = {
    swagger: '2.0',
    info: { title: 'Directory', version: '1.0' },
    host: 'directory.example',
    basePath: '/api',
    paths: {
      '/people/{id}': {
        get: {
          parameters: [{ in: 'path', name: 'id', required: true, type: 'string' }],
          responses: { 200: { description: 'A person', schema: { $ref: '#/definitions/Person' } } },
        },
      },
      '/people': {
        post: {
          parameters: [{ in: 'body', name: 'person', schema: { $ref: '#/definitions/Person' } }],
          responses: { 201: { description: 'Created' } },
        },
      },
      '/subscriptions': {
        post: {
          consumes: ['application/x-www-form-urlencoded'],
          parameters: [{ in: 'formData', name: 'email', type: 'string', format: 'email' }],
          responses: { 204: { description: 'Subscribed' } },
        },
      },
      '/ping': { get: { responses: { 200: { description: 'pong' } } } },
    },
    definitions: {
      Person: {
        type: 'object',
        properties: {
          given_name: { type: 'string' },
          family_name: { type: 'string' },
          email: { type: 'string', format: 'email' },
        },
      },
    },
  }

  /** The same kind of service in OpenAPI 3.1, with no security object and no security schemes. */
  const openapi31 = `openapi: 3.1.0
info: { title: Patients, version: '0.9' }
paths:
  /patients/{id}:
    get:
      parameters:
        - { name: id, in: path, required: true, schema: { type: string } }
      responses:
        '200':
          description: A patient
          content:
            application/json:
              schema:
                type: object
                properties:
                  birthDate: { type: string, format: date }
                  diagnosis: { type: string }
  /cards:
    post:
      requestBody:
        content:
          application/json:
            schema:
              type: object
              properties:
                card_number: { type: string }
                cvc: { type: string }
      responses: { '201': { description: Saved } }
  /version:
    get:
      responses: { '200': { description: The version } }
`

  it('reads every operation of a Swagger 2.0 description with no security as unauthenticated, not declared', () => {
    const endpoints = endpointsOf(JSON.stringify(swagger))
    expect(endpoints).toHaveLength(4)
    for (const endpoint of endpoints) expect(endpoint).toMatchObject({ auth: 'None', authDeclared: 'undeclared' })
    const sensitive = endpoints.filter((endpoint) => endpoint.pii || endpoint.pci || endpoint.phi)
    expect(sensitive.map((endpoint) => `${endpoint.method} ${endpoint.path}`).sort()).toEqual([
      'GET /people/{id}',
      'POST /people',
      'POST /subscriptions',
    ])
    // What /apis, the dashboard and the repositories list count: each sensitive one is exposed.
    expect(countExposure(endpoints)).toEqual({ endpoints: 4, sensitive: 3, exposed: 3 })
  })

  it('reads every operation of an OpenAPI 3.1 description with no security as unauthenticated, not declared', () => {
    const endpoints = endpointsOf(openapi31)
    for (const endpoint of endpoints) expect(endpoint).toMatchObject({ auth: 'None', authDeclared: 'undeclared' })
    expect(byKey(openapi31).get('GET /patients/{id}')).toMatchObject({ phi: true })
    expect(byKey(openapi31).get('POST /cards')).toMatchObject({ pci: true })
    expect(countExposure(endpoints)).toEqual({ endpoints: 3, sensitive: 2, exposed: 2 })
  })

  it('reads an explicit empty security as none, declared', () => {
    const endpoints = endpointsOf(JSON.stringify({ ...swagger, security: [] }))
    for (const endpoint of endpoints) expect(endpoint).toMatchObject({ auth: 'None', authDeclared: 'none' })
    expect(countExposure(endpoints).exposed).toBe(3)
  })

  it('lets a top-level security cover the operations that declare none of their own', () => {
    const secured = {
      ...swagger,
      securityDefinitions: { token: { type: 'oauth2', flow: 'implicit', authorizationUrl: 'https://id.example' } },
      security: [{ token: [] }],
    }
    const endpoints = endpointsOf(JSON.stringify(secured))
    for (const endpoint of endpoints) expect(endpoint).toMatchObject({ auth: 'JWT', authDeclared: 'declared' })
    expect(countExposure(endpoints).exposed).toBe(0)
  })
})
