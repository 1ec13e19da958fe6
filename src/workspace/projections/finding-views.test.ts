import { describe, expect, it } from 'vitest'
import type { EndpointAuth } from '@/data/endpoints'
import { endpointViews } from './finding-views'
import type { EndpointFinding } from '@/workspace/model/model'

const endpoint = (method: string, path: string, auth: EndpointAuth, pii = false): EndpointFinding => ({
  kind: 'endpoint',
  key: `http ${method} ${path}`,
  tool: 'Shop API 1.0',
  channel: 'http',
  method,
  path,
  tags: [],
  deprecated: false,
  auth,
  authDeclared: auth === 'None' ? 'none' : 'declared',
  authSchemes: [],
  pii,
  pci: false,
  phi: false,
  reasons: [],
})

describe('endpointViews', () => {
  it('lists the most exposed endpoints first, then by path and method', () => {
    const views = endpointViews([
      endpoint('GET', '/health', 'JWT'),
      endpoint('POST', '/orders', 'None'),
      endpoint('GET', '/users', 'JWT', true),
      endpoint('PUT', '/users', 'None', true),
      endpoint('GET', '/accounts', 'None', true),
    ])
    expect(views.map((view) => `${view.method} ${view.path}`)).toEqual([
      'GET /accounts',
      'PUT /users',
      'GET /users',
      'POST /orders',
      'GET /health',
    ])
  })
})
