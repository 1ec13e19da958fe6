/**
 * Which components React rendered, read the way React DevTools reads it: through the global hook
 * React looks for when it starts. This module must run before react-dom does (it is the browser
 * setup's first import).
 */

interface Fiber {
  tag: number
  type: unknown
  elementType: unknown
  flags: number
  child: Fiber | null
  sibling: Fiber | null
  alternate: Fiber | null
}

// React's fiber tags for components, and the flag set on a fiber whose component ran.
const COMPONENT_TAGS = new Set([
  0 /* function */, 1 /* class */, 11 /* forwardRef */, 14 /* memo */, 15 /* simple memo */,
])
const PERFORMED_WORK = 1

let recording: string[] | undefined

function componentName(fiber: Fiber): string {
  for (const type of [fiber.type, fiber.elementType]) {
    if (typeof type === 'function') return (type as { displayName?: string }).displayName || type.name
    if (type && typeof type === 'object') {
      const named = type as { displayName?: string; render?: { name?: string }; type?: { name?: string } }
      const name = named.displayName || named.render?.name || named.type?.name
      if (name) return name
    }
  }
  return 'Anonymous'
}

/** The components rendered in one commit: a subtree whose children were not cloned did not render. */
function collect(fiber: Fiber | null, into: string[]) {
  for (let node = fiber; node; node = node.sibling) {
    const mounted = node.alternate === null
    if (COMPONENT_TAGS.has(node.tag) && (mounted || node.flags & PERFORMED_WORK)) into.push(componentName(node))
    if (mounted || node.child !== node.alternate?.child) collect(node.child, into)
  }
}

const hook = {
  supportsFiber: true,
  isDisabled: false,
  renderers: new Map(),
  inject: () => 1,
  checkDCE: () => {},
  onScheduleFiberRoot: () => {},
  onCommitFiberUnmount: () => {},
  onPostCommitFiberRoot: () => {},
  onCommitFiberRoot: (_renderer: number, root: { current: Fiber }) => {
    if (recording) collect(root.current.child, recording)
  },
}

Object.assign(globalThis, { __REACT_DEVTOOLS_GLOBAL_HOOK__: hook })

/** Runs `action` and gives the names of the components React rendered meanwhile, once each. */
export async function componentsRenderedDuring(action: () => Promise<unknown>): Promise<Set<string>> {
  recording = []
  try {
    await action()
    return new Set(recording)
  } finally {
    recording = undefined
  }
}
