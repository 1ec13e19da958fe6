import { Suspense } from 'react'
import { describe, expect, it } from 'vitest'
import { page } from 'vitest/browser'
import { render } from 'vitest-browser-react'
import { lazyScreen } from './lazy-screen'

function Greeting({ name }: { name: string }) {
  return <p>Hello {name}</p>
}

/** Records every fallback that was ever shown. */
function shownFallbacks() {
  const shown: string[] = []
  function Fallback() {
    shown.push('loading')
    return <p>Loading</p>
  }
  return { shown, Fallback }
}

describe('a lazily loaded screen', () => {
  it('shows the loading fallback while its chunk loads the first time', async () => {
    const screen = lazyScreen(
      async () => ({ Greeting }),
      (module) => module.Greeting,
    )
    const { shown, Fallback } = shownFallbacks()
    await render(
      <Suspense fallback={<Fallback />}>
        <screen.Component name="Ada" />
      </Suspense>,
    )
    await expect.element(page.getByText('Hello Ada')).toBeVisible()
    expect(shown.length).toBeGreaterThan(0)
  })

  it('renders at once, with no fallback, once its chunk was loaded ahead (prefetch, intent)', async () => {
    const screen = lazyScreen(
      async () => ({ Greeting }),
      (module) => module.Greeting,
    )
    await screen.load()
    const { shown, Fallback } = shownFallbacks()
    const { container } = await render(
      <Suspense fallback={<Fallback />}>
        <screen.Component name="Grace" />
      </Suspense>,
    )
    expect(container.textContent).toBe('Hello Grace')
    expect(shown).toEqual([])
  })
})
