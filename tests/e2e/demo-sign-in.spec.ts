import { expect, test } from '@playwright/test'
import { expectLoggedOut, expectSignedIn, signInAsDemo, signOutOfDemo } from './helpers'

test('signs in through the demo provider, cleans the address bar, pings the API with the token and stays signed in across a reload', async ({
  page,
}) => {
  await signInAsDemo(page)
  expect(new URL(page.url()).search).toBe('')
  await expect(page.getByRole('button', { name: 'Ada Lovelace' })).toBeVisible()
  // The demo's mock API checks the demo provider's token and answers with its subject.
  const tile = page.getByRole('region', { name: 'Database ping via the identity provider' })
  await expect(tile).toContainText('User ID: kp_ada_lovelace_vigil_dev')
  await expect(tile).not.toContainText('Time: N/A')
  await page.reload()
  await expectSignedIn(page)
})

test('a second tab is signed in, and signing out in one tab signs out the other', async ({ page, context }) => {
  await signInAsDemo(page)
  const second = await context.newPage()
  await second.goto('/')
  await expectSignedIn(second)
  await signOutOfDemo(page)
  await expectLoggedOut(second)
  await second.reload()
  await expectLoggedOut(second)
})

test('signing up goes to the provider with prompt=create and signs the new user in', async ({ page }) => {
  await page.goto('/')
  await page.getByRole('button', { name: 'Sign up' }).click()
  await expect(page.getByRole('heading', { name: 'Create your Vigil account' })).toBeVisible()
  expect(new URL(page.url()).searchParams.get('prompt')).toBe('create')
  await page.getByLabel('Given name').fill('Linus')
  await page.getByLabel('Family name').fill('Torvalds')
  await page.getByLabel('Email').fill('linus@vigil.dev')
  await page.getByRole('button', { name: 'Create account' }).click()
  await expectSignedIn(page)
  await expect(page.getByRole('button', { name: 'Linus Torvalds' })).toBeVisible()
})

test('cancelling at the provider shows its error in readable words with a way to try again', async ({ page }) => {
  await page.goto('/')
  await page.getByRole('button', { name: 'Sign in', exact: true }).click()
  await page.getByRole('button', { name: 'Cancel sign-in' }).click()
  const alert = page.getByRole('alert')
  await expect(alert).toContainText('The identity provider did not sign you in')
  await expect(alert).toContainText('access_denied: "The user cancelled the sign-in."')
  await alert.getByRole('button', { name: 'Try signing in again' }).click()
  await expect(page.getByRole('heading', { name: 'Sign in to Vigil' })).toBeVisible()
})

test('a replayed callback URL is refused with a readable message', async ({ page }) => {
  let callback: string | undefined
  page.on('framenavigated', (frame) => {
    if (frame === page.mainFrame() && frame.url().includes('code=')) callback = frame.url()
  })
  await signInAsDemo(page)
  expect(callback).toBeDefined()
  await signOutOfDemo(page)
  await page.goto(callback as string)
  await expect(page.getByRole('alert')).toContainText('That sign-in link is not valid here')
  await expect(page.getByRole('alert')).toContainText('Invalid state')
  expect(new URL(page.url()).search).toBe('')
})

test('the demo provider is part of the app: signing in and out stays in one document, and Back and Forward cross it', async ({
  page,
}) => {
  await page.goto('/')
  await page.evaluate(() => Object.assign(window, { vigilDocument: 'the first' }))
  const sameDocument = () => page.evaluate(() => (window as { vigilDocument?: string }).vigilDocument)
  await page.getByRole('button', { name: 'Sign in', exact: true }).click()
  await expect(page.getByRole('heading', { name: 'Sign in to Vigil' })).toBeVisible()
  await page.goBack()
  await expectLoggedOut(page)
  await page.goForward()
  await expect(page.getByRole('heading', { name: 'Sign in to Vigil' })).toBeVisible()
  await page.goBack()
  await page.getByRole('button', { name: 'Sign in', exact: true }).click()
  await page.getByRole('button', { name: 'Continue as Ada Lovelace' }).click()
  await expectSignedIn(page)
  expect(new URL(page.url()).search).toBe('')
  expect(await sameDocument()).toBe('the first')
  await signOutOfDemo(page)
  await expectLoggedOut(page)
  expect(await sameDocument()).toBe('the first')
  await page.reload()
  await expectLoggedOut(page)
})
