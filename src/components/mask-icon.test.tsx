import { describe, expect, it } from 'vitest'
import { page } from 'vitest/browser'
import { renderWithProviders } from '@tests/helpers/render'
import { VisibilityLabel } from './badges'
import { MaskIcon } from './mask-icon'

const maskOf = (element: Element) => getComputedStyle(element).maskImage

describe('MaskIcon', () => {
  it('draws its Tabler icon in the text colour, at its size, hidden from screen readers', async () => {
    await renderWithProviders(
      <p style={{ color: 'rgb(200, 0, 0)' }}>
        <MaskIcon name="chevronRight" size={16} />
      </p>,
    )
    const icon = document.querySelector('p span') as HTMLElement
    expect(icon.getAttribute('aria-hidden')).toBe('true')
    expect(maskOf(icon)).toMatch(/^url\("data:image\/svg\+xml,.*chevron-right/)
    expect(getComputedStyle(icon).backgroundColor).toBe('rgb(200, 0, 0)')
    expect(icon.getBoundingClientRect()).toMatchObject({ width: 16, height: 16 })
  })

  it('gives the visibility label a lock when private and a globe when public', async () => {
    await renderWithProviders(
      <>
        <VisibilityLabel isPrivate />
        <VisibilityLabel isPrivate={false} />
      </>,
    )
    await expect.element(page.getByText('Private')).toBeVisible()
    await expect.element(page.getByText('Public')).toBeVisible()
    const [lock, world] = [...document.querySelectorAll('[aria-hidden="true"]')]
    expect(maskOf(lock)).toMatch(/icon-tabler-lock/)
    expect(maskOf(world)).toMatch(/icon-tabler-world/)
  })
})
