import { readdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { expect, test } from '@playwright/test'
import { demoOutDir } from '../../playwright.config'

test('the app loads on the logged-out screen with Sign in and Sign up', async ({ page }) => {
  const errors: string[] = []
  page.on('pageerror', (error) => errors.push(error.message))
  await page.goto('/')
  await expect(page.getByText('Vigil', { exact: true })).toBeVisible()
  await expect(page.getByRole('button', { name: 'Sign in' })).toBeVisible()
  await expect(page.getByRole('button', { name: 'Sign up' })).toBeVisible()
  expect(errors).toEqual([])
})

test('the built index.html carries the Content-Security-Policy and no inline script', async ({ page, request }) => {
  const html = await (await request.get('/')).text()
  expect([...html.matchAll(/<script(?![^>]*\bsrc=)[^>]*>/g)]).toEqual([])

  const violations: string[] = []
  await page.exposeFunction('reportViolation', (directive: string) => violations.push(directive))
  await page.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (event) =>
      (window as unknown as { reportViolation: (directive: string) => void }).reportViolation(event.violatedDirective),
    )
  })
  await page.goto('/')
  await expect(page.getByRole('button', { name: 'Sign in' })).toBeVisible()
  const policy = await page.locator('meta[http-equiv="Content-Security-Policy"]').getAttribute('content')
  expect(policy).toContain("script-src 'self'")
  expect(policy).not.toMatch(/script-src[^;]*unsafe-inline/)
  expect(policy).toContain("object-src 'none'")
  expect(policy).toContain("base-uri 'self'")
  expect(policy).toMatch(/connect-src 'self'(;| )/)
  expect(violations).toEqual([])
})

test('the preview server sends the security headers', async ({ request }) => {
  const response = await request.get('/')
  expect(response.headers()['referrer-policy']).toBe('no-referrer')
  expect(response.headers()['x-content-type-options']).toBe('nosniff')
  expect(response.headers()['content-security-policy']).toMatch(/; frame-ancestors 'none'$/)
  expect(response.headers()['content-security-policy']).toContain("img-src 'self' data:;")
  expect(response.headers()['content-security-policy']).toContain("script-src 'self'")
})

test('the preview server keeps the hashed assets for good, and has the page revalidated', async ({ request }) => {
  const page = await request.get('/')
  const script = /<script type="module" crossorigin src="([^"]+)"/.exec(await page.text())?.[1]
  expect(script).toMatch(/^\/assets\/index-[\w-]+\.js$/)
  const asset = await request.get(script as string)
  expect(asset.headers()['cache-control']).toBe('public, max-age=31536000, immutable')
  expect(page.headers()['cache-control'] ?? '').not.toContain('immutable')
})

test('the production build ships no state-chart inspector', async () => {
  const assets = join(process.cwd(), demoOutDir, 'assets')
  const scripts = readdirSync(assets).filter((file) => file.endsWith('.js'))
  expect(scripts.length).toBeGreaterThan(3)
  for (const file of scripts) {
    const code = readFileSync(join(assets, file), 'utf8')
    expect(code, file).not.toContain('stately.ai/inspect')
    expect(code, file).not.toContain('createBrowserInspector')
    expect(code, file).not.toContain('dev-inspector')
  }
})

test('the production build publishes no source maps', async () => {
  const assets = join(process.cwd(), demoOutDir, 'assets')
  const files = readdirSync(assets)
  expect(files.filter((file) => file.endsWith('.map'))).toEqual([])
  for (const file of files.filter((name) => name.endsWith('.js'))) {
    expect(readFileSync(join(assets, file), 'utf8'), file).not.toContain('sourceMappingURL=')
  }
})
