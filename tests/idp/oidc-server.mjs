#!/usr/bin/env node
// A real OpenID provider for local use and the end-to-end tests: oidc-provider on loopback with
// Kinde-shaped routes, one public PKCE client, rotating refresh tokens, JWT access tokens, token
// revocation, and DPoP (RFC 9449): tokens requested with a proof are bound to its key.
// `npm run idp` starts it; `startOidcProvider()` is what the tests call.
import { exportJWK, generateKeyPair } from 'jose'
import Provider from 'oidc-provider'

export const OIDC_CLIENT_ID = 'vigil'
export const OIDC_SCOPE = 'openid email profile offline_access'
const defaultAppOrigins = [
  'http://localhost:5173',
  'http://127.0.0.1:5173',
  'http://127.0.0.1:4173',
  'http://127.0.0.1:4174',
]

function capitalise(word) {
  return word.charAt(0).toUpperCase() + word.slice(1)
}

/** Any login name signs in: "ada" becomes Ada Tester, ada@example.test, with the login as subject. */
function accountFor(login) {
  const name = login.replace(/[^a-z0-9]+/gi, '').toLowerCase() || 'user'
  return {
    sub: login,
    given_name: capitalise(name),
    family_name: 'Tester',
    name: `${capitalise(name)} Tester`,
    email: `${name}@example.test`,
    email_verified: true,
  }
}

export async function startOidcProvider({
  port = 4180,
  host = '127.0.0.1',
  accessTokenTtl = 3600,
  appOrigins = defaultAppOrigins,
  dpop = true,
} = {}) {
  const issuer = `http://${host}:${port}`
  const resource = `${issuer}/api`
  const { privateKey } = await generateKeyPair('RS256', { extractable: true })
  const signingKey = { ...(await exportJWK(privateKey)), kid: 'vigil-test-key', alg: 'RS256', use: 'sig' }

  const provider = new Provider(issuer, {
    clients: [
      {
        client_id: OIDC_CLIENT_ID,
        token_endpoint_auth_method: 'none',
        grant_types: ['authorization_code', 'refresh_token'],
        response_types: ['code'],
        redirect_uris: appOrigins,
        post_logout_redirect_uris: appOrigins,
      },
    ],
    jwks: { keys: [signingKey] },
    routes: {
      authorization: '/oauth2/auth',
      token: '/oauth2/token',
      end_session: '/logout',
      jwks: '/.well-known/jwks.json',
      revocation: '/oauth2/revoke',
    },
    scopes: ['openid', 'offline_access', 'email', 'profile'],
    claims: {
      openid: ['sub'],
      email: ['email', 'email_verified'],
      profile: ['given_name', 'family_name', 'name', 'picture'],
    },
    // Put the profile in the id token, which is where Vigil reads it.
    conformIdTokenClaims: false,
    findAccount: async (_ctx, sub) => ({
      accountId: sub,
      claims: async () => accountFor(sub),
    }),
    features: {
      devInteractions: { enabled: true },
      rpInitiatedLogout: { enabled: true },
      revocation: { enabled: true },
      dPoP: { enabled: dpop },
      resourceIndicators: {
        enabled: true,
        defaultResource: () => resource,
        useGrantedResource: () => true,
        getResourceServerInfo: () => ({
          scope: 'api',
          audience: resource,
          accessTokenFormat: 'jwt',
          accessTokenTTL: accessTokenTtl,
          jwt: { sign: { alg: 'RS256' } },
        }),
      },
    },
    extraTokenClaims: async () => ({
      org_code: 'org_vigil',
      roles: [{ id: 'role_dev', key: 'developer', name: 'Developer' }],
      permissions: ['read:repositories', 'read:policies'],
    }),
    pkce: { required: () => true },
    clientBasedCORS: (_ctx, origin, client) => client.redirectUris.some((uri) => new URL(uri).origin === origin),
    // Skip the consent screen: the test client is first-party.
    loadExistingGrant: async (ctx) => {
      const grantId = ctx.oidc.result?.consent?.grantId || ctx.oidc.session.grantIdFor(ctx.oidc.client.clientId)
      if (grantId) return ctx.oidc.provider.Grant.find(grantId)
      const grant = new ctx.oidc.provider.Grant({
        clientId: ctx.oidc.client.clientId,
        accountId: ctx.oidc.session.accountId,
      })
      grant.addOIDCScope(OIDC_SCOPE)
      grant.addResourceScope(resource, 'api')
      await grant.save()
      return grant
    },
    // oidc-provider drops offline_access unless prompt=consent is sent; Vigil, like Kinde's
    // clients, expects a refresh token from every code exchange.
    issueRefreshToken: async (_ctx, client) => client.grantTypeAllowed('refresh_token'),
    rotateRefreshToken: true,
    ttl: {
      AccessToken: accessTokenTtl,
      IdToken: 3600,
      RefreshToken: 86_400,
      Grant: 86_400,
      Session: 86_400,
      Interaction: 600,
    },
    cookies: { keys: ['vigil-local-test-provider'] },
    renderError: async (ctx, out) => {
      ctx.type = 'html'
      ctx.body = `<!doctype html><title>Sign-in error</title><h1>Sign-in error</h1><p>${String(out.error)}: ${String(out.error_description ?? '')}</p>`
    },
  })

  // Tests make the token endpoint unavailable for its next few requests (503, as during an outage).
  let tokenRequestsToFail = 0
  provider.use(async (ctx, next) => {
    if (tokenRequestsToFail > 0 && ctx.method === 'POST' && ctx.path === '/oauth2/token') {
      tokenRequestsToFail--
      ctx.status = 503
      ctx.set('Access-Control-Allow-Origin', ctx.get('Origin') || '*')
      ctx.body = { error: 'temporarily_unavailable', error_description: 'The test provider is down for a moment' }
      return
    }
    await next()
  })

  const server = await new Promise((resolve) => {
    const listening = provider.listen(port, host, () => resolve(listening))
  })
  return {
    issuer,
    /** Answers the next `count` POSTs to the token endpoint with 503 temporarily_unavailable. */
    failTokenRequests: (count) => {
      tokenRequestsToFail = count
    },
    close: () => new Promise((resolve) => server.close(() => resolve())),
  }
}

const invokedDirectly = import.meta.url === new URL(process.argv[1] ?? '', 'file://').href
if (invokedDirectly) {
  const option = (name, fallback) => {
    const index = process.argv.indexOf(`--${name}`)
    return index === -1 ? fallback : process.argv[index + 1]
  }
  const { issuer } = await startOidcProvider({
    port: Number(option('port', '4180')),
    accessTokenTtl: Number(option('access-token-ttl', '3600')),
  })
  console.log(`oidc-provider is listening at ${issuer} (any login and password sign in).`)
  console.log('Run Vigil against it:')
  console.log(
    `  VITE_AUTH_DOMAIN=${issuer} VITE_AUTH_CLIENT_ID=${OIDC_CLIENT_ID} VITE_AUTH_SCOPE="${OIDC_SCOPE}" VITE_MOCK_API=true npm start`,
  )
}
