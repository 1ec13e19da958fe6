import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest'
import { page, userEvent } from 'vitest/browser'
import { samplePolicyDocument } from '@/data/sample-policy'
import { axeViolations } from '@tests/helpers/axe'
import { captureDownloads } from '@tests/helpers/downloads'
import { renderWithProviders } from '@tests/helpers/render'
import { PolicyDocumentScreen } from './policy-document-screen'
import { POLICY_STORAGE_KEY } from '@/state/stored-policy'
import { personalKey } from '@/state/personal-settings'
import { deleteWorkspace, workspaceName } from '@/workspace/store/workspace-names'

const FIRST_RULE = 'Never pass user-controlled data to dangerouslySetInnerHTML without sanitising it with DOMPurify.'
// The document is the signed-in person's: each test is one person, with a workspace of their own.
const author = { issuer: 'https://id.test', subject: 'policy-author' }
let workspace = ''
const render = (colorScheme: 'light' | 'dark' = 'light', identity = author) =>
  renderWithProviders(<PolicyDocumentScreen />, { path: '/policy', colorScheme, workspace: identity })
const metadata = () => page.getByRole('region', { name: 'Metadata' })
const body = () => page.getByRole('region', { name: 'Policy' })
const stored = () => localStorage.getItem(personalKey(POLICY_STORAGE_KEY, workspace))

beforeAll(async () => {
  workspace = await workspaceName(author.issuer, author.subject)
})
beforeEach(() => localStorage.clear())
afterAll(() => deleteWorkspace(workspace))

describe('policy document page', () => {
  it('shows the metadata card: title, description, scope, tags, default enforcement and an edit link', async () => {
    await render()
    await expect.element(page.getByRole('heading', { level: 1, name: 'React Security Best Practices' })).toBeVisible()
    await expect.element(metadata()).toHaveTextContent('Baseline security rules for React single-page applications')
    await expect.element(metadata()).toHaveTextContent('Framework: React')
    await expect.element(metadata()).toHaveTextContent('Orgs: All')
    await expect.element(metadata().getByRole('list', { name: 'Tags' })).toHaveTextContent('frontendsecurity')
    await expect.element(metadata().getByLabelText('Default enforcement')).toHaveValue('Recommended')
    await expect.element(page.getByRole('link', { name: 'Edit metadata' })).toHaveAttribute('href', '#')
    await expect.element(page.getByRole('link', { name: 'Edit policy body' })).toHaveAttribute('href', '#')
  })

  it('renders the sections and rule lines, each with its level', async () => {
    await render()
    const sections = body().getByRole('heading', { level: 3 })
    await expect.element(sections.nth(8)).toHaveTextContent('Miscellaneous')
    expect(sections.elements().map((heading) => heading.textContent)).toContain('Dependencies and supply chain')
    await expect.element(body().getByRole('heading', { level: 2, name: 'React Security Best Practices' })).toBeVisible()
    await expect.element(body().getByLabelText(`Level of "${FIRST_RULE}"`)).toHaveValue('Mandatory')
    await expect
      .element(body().getByLabelText('Level of "Limit the length of free-text fields."'))
      .toHaveValue('Recommended')
    await expect.element(body().getByLabelText('Level of "State and context"')).toHaveValue('Strongly Recommended')
  })

  it('edits tags: Enter saves the comma-separated text, trimmed, without empties', async () => {
    await render()
    await page.getByRole('button', { name: 'Edit tags' }).click()
    const input = page.getByRole('textbox', { name: 'Tags' })
    await expect.element(input).toHaveValue('frontend, security')
    await input.fill(' react ,, web ,security, ')
    await userEvent.keyboard('{Enter}')
    await expect.element(metadata().getByRole('list', { name: 'Tags' })).toHaveTextContent('reactwebsecurity')
    expect(stored()).toContain('tags:\n  - react\n  - web\n  - security\n')
  })

  it('saves tags on losing focus, and empty tags leave none', async () => {
    await render()
    await page.getByRole('button', { name: 'Edit tags' }).click()
    await page.getByRole('textbox', { name: 'Tags' }).fill(' , ')
    await page.getByRole('heading', { level: 1 }).click()
    await expect.element(metadata().getByText('None', { exact: true })).toBeVisible()
    expect(metadata().getByRole('list', { name: 'Tags' }).elements()).toHaveLength(0)
  })

  it('edits a rule: Enter saves, keeping its level tag, and the document is rewritten', async () => {
    await render()
    await page.getByRole('button', { name: `Edit "${FIRST_RULE}"` }).click()
    const input = page.getByRole('textbox', { name: 'Edit line' })
    await expect.element(input).toHaveValue(FIRST_RULE)
    await input.fill('Sanitise every HTML string with DOMPurify.')
    await userEvent.keyboard('{Enter}')
    await expect.element(body().getByText('Sanitise every HTML string with DOMPurify.')).toBeVisible()
    await expect
      .element(body().getByLabelText('Level of "Sanitise every HTML string with DOMPurify."'))
      .toHaveValue('Mandatory')
    expect(stored()).toContain('- Sanitise every HTML string with DOMPurify. [Mandatory]\n')
  })

  it('saves a line on losing focus and cancels with Escape', async () => {
    await render()
    await page.getByRole('button', { name: 'Edit "Limit the length of free-text fields."' }).click()
    await page.getByRole('textbox', { name: 'Edit line' }).fill('Limit every free-text field to 2,000 characters.')
    await page.getByRole('heading', { level: 1 }).click()
    await expect.element(body().getByText('Limit every free-text field to 2,000 characters.')).toBeVisible()

    await page.getByRole('button', { name: `Edit "${FIRST_RULE}"` }).click()
    await page.getByRole('textbox', { name: 'Edit line' }).fill('Something else')
    await userEvent.keyboard('{Escape}')
    await expect.element(body().getByText(FIRST_RULE)).toBeVisible()
    expect(stored()).not.toContain('Something else')
  })

  it('edits a paragraph line', async () => {
    await render()
    await page.getByRole('button', { name: /^Edit "Every React application/ }).click()
    await page.getByRole('textbox', { name: 'Edit line' }).fill('All React apps follow these rules.')
    await userEvent.keyboard('{Enter}')
    await expect.element(body().getByText('All React apps follow these rules.')).toBeVisible()
  })

  it('shows edited text as text and runs nothing', async () => {
    await render()
    const payload = '<img src=x onerror="window.__vigilXss=1"><script>window.__vigilXss=2</script>'
    await page.getByRole('button', { name: `Edit "${FIRST_RULE}"` }).click()
    await page.getByRole('textbox', { name: 'Edit line' }).fill(payload)
    await userEvent.keyboard('{Enter}')
    await expect.element(body().getByText(payload)).toBeVisible()
    expect(body().element().querySelector('img, script')).toBeNull()
    expect((window as unknown as { __vigilXss?: number }).__vigilXss).toBeUndefined()
  })

  it('changes levels and the default enforcement on screen only', async () => {
    await render()
    await body().getByLabelText(`Level of "${FIRST_RULE}"`).selectOptions('Recommended')
    await expect.element(body().getByLabelText(`Level of "${FIRST_RULE}"`)).toHaveValue('Recommended')
    await metadata().getByLabelText('Default enforcement').selectOptions('Mandatory')
    await expect.element(metadata().getByLabelText('Default enforcement')).toHaveValue('Mandatory')
    expect(stored()).toBeNull()
    await expect.element(page.getByRole('button', { name: 'Reset to original' })).toBeDisabled()
  })

  it('keeps the edited document across a reload and resets it to the original', async () => {
    const first = await render()
    await page.getByRole('button', { name: `Edit "${FIRST_RULE}"` }).click()
    await page.getByRole('textbox', { name: 'Edit line' }).fill('Persisted rule text')
    await userEvent.keyboard('{Enter}')
    await first.screen.unmount()

    await render()
    await expect.element(body().getByText('Persisted rule text')).toBeVisible()
    await page.getByRole('button', { name: 'Reset to original' }).click()
    await expect.element(body().getByText(FIRST_RULE)).toBeVisible()
    expect(stored()).toBeNull()
  })

  it('keeps each person’s edited document apart, and gives an older Vigil’s shared one to the first reader', async () => {
    localStorage.setItem(POLICY_STORAGE_KEY, samplePolicyDocument.replace(FIRST_RULE, 'The team’s old rule'))
    const first = await render()
    await expect.element(body().getByText('The team’s old rule')).toBeVisible()
    expect(localStorage.getItem(POLICY_STORAGE_KEY)).toBeNull()
    await first.screen.unmount()

    const other = { issuer: 'https://id.test', subject: 'someone-else' }
    await render('light', other)
    await expect.element(body().getByText(FIRST_RULE)).toBeVisible()
    expect(body().getByText('The team’s old rule').elements()).toHaveLength(0)
    await deleteWorkspace(await workspaceName(other.issuer, other.subject))
  })

  it('keeps and reports a stored document whose front matter no longer parses, never deleting it', async () => {
    const broken = '---\ntitle: [broken\n---\n- my own rule'
    localStorage.setItem(personalKey(POLICY_STORAGE_KEY, workspace), broken)
    await render()
    await expect.element(page.getByRole('alert')).toHaveTextContent("The document's front matter could not be read")
    await expect.element(body().getByText('my own rule')).toBeVisible()
    await expect.element(page.getByRole('button', { name: 'Edit tags' })).toBeDisabled()
    await page.getByRole('button', { name: 'Edit "my own rule"' }).click()
    await page.getByRole('textbox', { name: 'Edit line' }).fill('my mended rule')
    await userEvent.keyboard('{Enter}')
    expect(stored()).toBe('---\ntitle: [broken\n---\n- my mended rule')
  })

  it('says "not saved" when the storage is full, and keeps the edit on screen', async () => {
    const setItem = vi.spyOn(Storage.prototype, 'setItem').mockImplementation(() => {
      throw new DOMException('The quota has been exceeded.', 'QuotaExceededError')
    })
    await render()
    await page.getByRole('button', { name: `Edit "${FIRST_RULE}"` }).click()
    await page.getByRole('textbox', { name: 'Edit line' }).fill('An edit the storage has no room for')
    await userEvent.keyboard('{Enter}')
    await expect.element(page.getByRole('alert')).toHaveTextContent('Your edit was not saved')
    await expect.element(body().getByText('An edit the storage has no room for')).toBeVisible()
    setItem.mockRestore()
    await page.getByRole('button', { name: 'Edit "An edit the storage has no room for"' }).click()
    await userEvent.keyboard('{Enter}')
    await expect.element(page.getByRole('alert')).not.toBeInTheDocument()
    expect(stored()).toContain('An edit the storage has no room for')
  })

  it.each([
    ['# not a heading', '# not a heading'],
    ['   ', '(empty line)'],
  ])('keeps a paragraph edited to %j an editable paragraph', async (text, label) => {
    await render()
    await page.getByRole('button', { name: /^Edit "Every React application/ }).click()
    await page.getByRole('textbox', { name: 'Edit line' }).fill(text)
    await userEvent.keyboard('{Enter}')
    const edited = body().getByRole('button', { name: `Edit "${label}"`, exact: true })
    await expect.element(edited).toBeVisible()
    await edited.click()
    await expect.element(page.getByRole('textbox', { name: 'Edit line' })).toHaveValue(text)
  })

  it('renders duplicate tags, each once where it is written', async () => {
    const error = vi.spyOn(console, 'error').mockImplementation(() => {})
    localStorage.setItem(
      personalKey(POLICY_STORAGE_KEY, workspace),
      '---\ntitle: T\ntags: [web, web, api]\n---\n- rule',
    )
    await render()
    const tags = metadata().getByRole('list', { name: 'Tags' }).getByRole('listitem')
    await expect.element(tags.nth(2)).toHaveTextContent('api')
    expect(tags.elements().map((tag) => tag.textContent)).toEqual(['web', 'web', 'api'])
    expect(error.mock.calls.flat().join(' ')).not.toContain('same key')
    error.mockRestore()
  })

  it('downloads the current document as a .md file', async () => {
    const capture = captureDownloads()
    await render()
    await page.getByRole('button', { name: 'Download' }).click()
    const [download] = capture.downloads
    expect(download.filename).toBe('react-security-best-practices.md')
    expect(await download.blob.text()).toBe(samplePolicyDocument)
    expect(download.blob.type).toBe('text/markdown')
    capture.restore()
  })

  it.each(['light', 'dark'] as const)('has no axe-core violations (%s)', async (scheme) => {
    await render(scheme)
    await expect.element(body()).toBeVisible()
    expect(await axeViolations()).toEqual([])
  })
})
