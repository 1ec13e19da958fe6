import { lazy, type ComponentType } from 'react'

/**
 * A screen in its own chunk, loaded when its route first opens or earlier (on intent, when idle).
 * React.lazy suspends on a screen's first render even when its chunk was fetched already
 * (`import()` always answers later), and a Suspense fallback, once shown, stays at least 300 ms:
 * so a loaded chunk is handed to React at once, through a thenable that answers synchronously.
 */
export function lazyScreen<Module, Props extends object>(
  load: () => Promise<Module>,
  pick: (module: Module) => ComponentType<Props>,
) {
  let loaded: Module | undefined
  const loadOnce = () =>
    load().then((module) => {
      loaded = module
      return module
    })
  const Component = lazy(() => {
    const module = loaded
    if (module === undefined) return loadOnce().then((each) => ({ default: pick(each) }))
    const answered = {
      then: (resolve: (value: { default: ComponentType<Props> }) => void) => resolve({ default: pick(module) }),
    }
    return answered as unknown as Promise<{ default: ComponentType<Props> }>
  })
  return { load: loadOnce, Component }
}
