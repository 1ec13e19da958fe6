import { expect, test, type Page } from '@playwright/test'
import { startOidcProvider } from '../idp/oidc-server.mjs'
import { oidcAppPort, oidcProviderPort } from '../../playwright.config'
import { expectLoggedOut, expectSignedIn, signOut } from './helpers'

// A real OpenID provider, started by this test, with access tokens that live 15 s: the app
// refreshes 5 s after signing in.
const accessTokenTtl = 15
let provider: Awaited<ReturnType<typeof startOidcProvider>> | undefined

test.describe.configure({ mode: 'serial' })
test.use({ baseURL: `http://127.0.0.1:${oidcAppPort}` })
test.beforeAll(async () => {
  provider = await startOidcProvider({
    port: oidcProviderPort,
    accessTokenTtl,
    appOrigins: [`http://127.0.0.1:${oidcAppPort}`],
  })
})
test.afterAll(async () => {
  await provider?.close()
})

async function signInAtProvider(page: Page, login: string) {
  await page.goto('/')
  await page.getByRole('button', { name: 'Sign in', exact: true }).click()
  await expect(page).toHaveURL(new RegExp(`^http://127.0.0.1:${oidcProviderPort}/`))
  await page.locator('input[name="login"]').fill(login)
  await page.locator('input[name="password"]').fill('any password')
  await page.getByRole('button', { name: 'Sign-in' }).click()
  await expectSignedIn(page)
}

test('signs in through oidc-provider, lives through a refresh and signs out to the logged-out screen', async ({
  page,
}) => {
  const refreshes: number[] = []
  page.on('response', async (response) => {
    if (
      response.url().endsWith('/oauth2/token') &&
      response.request().postData()?.includes('grant_type=refresh_token')
    ) {
      refreshes.push(response.status())
    }
  })
  await signInAtProvider(page, 'ada')
  await expect(page.getByRole('button', { name: 'Ada Tester' })).toBeVisible()
  // The mock API checks the provider's JWT access token against the provider's own JWKS.
  await expect(page.getByRole('region', { name: 'Database ping via the identity provider' })).toContainText(
    'User ID: ada',
  )
  expect(new URL(page.url()).search).toBe('')

  await expect.poll(() => refreshes.length, { timeout: 30_000 }).toBeGreaterThanOrEqual(1)
  expect(refreshes.every((status) => status === 200)).toBe(true)
  await page.reload()
  await expectSignedIn(page)

  await signOut(page)
  await expect(page).toHaveURL(new RegExp(`^http://127.0.0.1:${oidcProviderPort}/logout`))
  await page.getByRole('button', { name: 'Yes, sign me out' }).click()
  await expect(page).toHaveURL(`http://127.0.0.1:${oidcAppPort}/`)
  await expectLoggedOut(page)
})

test('two tabs refresh in turn: no rotated refresh token is ever sent twice', async ({ page, context }) => {
  test.setTimeout(60_000)
  const sent: string[] = []
  const statuses: number[] = []
  context.on('request', (request) => {
    const body = request.postData() ?? ''
    if (request.url().endsWith('/oauth2/token') && body.includes('grant_type=refresh_token')) {
      sent.push(new URLSearchParams(body).get('refresh_token') ?? '')
    }
  })
  context.on('response', (response) => {
    if (
      response.url().endsWith('/oauth2/token') &&
      response.request().postData()?.includes('grant_type=refresh_token')
    ) {
      statuses.push(response.status())
    }
  })
  const warnings: string[] = []
  context.on('console', (message) => {
    if (message.type() === 'warning' && message.text().startsWith('Vigil')) warnings.push(message.text())
  })
  await signInAtProvider(page, 'linus')
  const second = await context.newPage()
  await second.goto('/')
  await expectSignedIn(second)
  // Access tokens live 15 s, so each tab's timer fires every 5 s: two rounds.
  await expect.poll(() => statuses.length, { timeout: 30_000 }).toBeGreaterThanOrEqual(2)
  expect(new Set(sent).size).toBe(sent.length)
  expect(statuses.every((status) => status === 200)).toBe(true)
  await expectSignedIn(page)
  await expectSignedIn(second)
  // Neither tab took the other's half-written tokens for a damaged session.
  expect(warnings).toEqual([])
})

test('a refresh that finds the provider unavailable is tried again, and the user stays signed in', async ({ page }) => {
  const warnings: string[] = []
  const refreshes: number[] = []
  page.on('console', (message) => {
    if (message.type() === 'warning') warnings.push(message.text())
  })
  page.on('response', (response) => {
    if (response.url().endsWith('/oauth2/token')) refreshes.push(response.status())
  })
  await signInAtProvider(page, 'margaret')
  refreshes.length = 0
  provider?.failTokenRequests(1)
  await expect.poll(() => refreshes.length, { timeout: 20_000 }).toBeGreaterThanOrEqual(2)
  expect(refreshes.slice(0, 2)).toEqual([503, 200])
  expect(warnings).toContainEqual(expect.stringMatching(/^Vigil could not renew the session and tries again in 1 s/))
  await expectSignedIn(page)
  await expect(page.getByRole('region', { name: 'Database ping via the identity provider' })).toContainText(
    'User ID: margaret',
  )
})

test('a replayed callback URL is refused with a readable message', async ({ page }) => {
  let callback: string | undefined
  page.on('framenavigated', (frame) => {
    if (frame === page.mainFrame() && frame.url().includes('code=')) callback = frame.url()
  })
  await signInAtProvider(page, 'grace')
  expect(callback).toBeDefined()
  await page.goto(callback as string)
  await expect(page.getByRole('alert')).toContainText('That sign-in link is not valid here')
  await expect(page.getByRole('alert')).toContainText('Invalid state: supplied')
})

/** The session's refresh token as this browser stores it (in chunks under its key). */
async function storedRefreshToken(page: Page): Promise<string> {
  return page.evaluate(() => {
    let value = ''
    for (let index = 0; localStorage.getItem(`refreshToken${index}`) !== null; index++) {
      value += localStorage.getItem(`refreshToken${index}`)
    }
    return value
  })
}

test('DPoP: tokens are bound to a key the browser cannot export, so a stolen refresh token is refused', async ({
  page,
  request,
}) => {
  const tokenTypes: string[] = []
  page.on('response', async (response) => {
    if (response.url().endsWith('/oauth2/token') && response.status() === 200) {
      tokenTypes.push(((await response.json()) as { token_type: string }).token_type)
    }
  })
  const proofs: (string | undefined)[] = []
  page.on('request', (sent) => {
    if (sent.url().endsWith('/oauth2/token')) proofs.push(sent.headers()['dpop'])
  })
  await signInAtProvider(page, 'barbara')
  // The mock API accepts the bound access token only with a proof of the key.
  await expect(page.getByRole('region', { name: 'Database ping via the identity provider' })).toContainText(
    'User ID: barbara',
  )
  expect(tokenTypes[0]).toBe('DPoP')
  expect(proofs[0]).toMatch(/^ey/)
  const extractable = await page.evaluate(async () => {
    const opened = await new Promise<IDBDatabase>((resolve, reject) => {
      const open = indexedDB.open('vigil-dpop')
      open.onsuccess = () => resolve(open.result)
      open.onerror = () => reject(open.error)
    })
    const keys = await new Promise<CryptoKeyPair>((resolve, reject) => {
      const read = opened.transaction('keys').objectStore('keys').get('current')
      read.onsuccess = () => resolve(read.result as CryptoKeyPair)
      read.onerror = () => reject(read.error)
    })
    opened.close()
    return keys.privateKey.extractable
  })
  expect(extractable).toBe(false)

  const stolen = await request.post(`http://127.0.0.1:${oidcProviderPort}/oauth2/token`, {
    form: { grant_type: 'refresh_token', client_id: 'vigil', refresh_token: await storedRefreshToken(page) },
  })
  expect(stolen.status()).toBe(400)
  expect(((await stolen.json()) as { error: string }).error).toMatch(/invalid_grant|invalid_dpop_proof/)
  // The owner's browser still refreshes with its key.
  await page.reload()
  await expectSignedIn(page)
})
