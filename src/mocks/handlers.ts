import type { RequestHandler } from 'msw'
import type { AuthClient } from '@/auth/client'
import type { VigilConfig } from '@/config/config'
import type { KeyValueStorage } from '@/auth/session-store'
import { apiHandlers } from './api'
import { demoIdpHandlers } from '@/demo-idp/handlers'
import { demoProviderFor } from '@/demo-idp/provider'

/** What the worker serves: the demo provider in demo mode, and the product API when mocking. */
export function mockHandlers(
  config: VigilConfig,
  client: AuthClient,
  storage: KeyValueStorage,
  origin: string,
): RequestHandler[] {
  return [
    ...(config.mode === 'demo' ? demoIdpHandlers(demoProviderFor(config, storage)) : []),
    ...(config.mockApi
      ? apiHandlers({
          origin,
          issuer: config.authDomain,
          jwksUri: () => client.discover().then((as) => as.jwks_uri as string),
        })
      : []),
  ]
}
