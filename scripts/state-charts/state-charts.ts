import type { AnyStateMachine, AnyStateNode, AnyTransitionDefinition } from 'xstate'

/** Every state of a machine (its state nodes without the root). */
export function allStates(machine: AnyStateMachine): AnyStateNode[] {
  return allStateNodes(machine).slice(1)
}

/** Every state node of a machine, the root first. */
export function allStateNodes(machine: AnyStateMachine): AnyStateNode[] {
  const nodes: AnyStateNode[] = []
  const visit = (node: AnyStateNode) => {
    nodes.push(node)
    for (const child of Object.values(node.states) as AnyStateNode[]) visit(child)
  }
  visit(machine.root)
  return nodes
}

type AnyTransition = AnyTransitionDefinition

/** Every transition a machine defines: on events, after delays, and eventless (always). */
export function allTransitions(machine: AnyStateMachine): AnyTransition[] {
  return allStateNodes(machine).flatMap((node) => [
    ...([...node.transitions.values()].flat() as AnyTransition[]),
    ...((node.always ?? []) as AnyTransition[]),
  ])
}

const mermaidId = (node: AnyStateNode) => node.id.replace(/[^A-Za-z0-9]/g, '_')

/** XState's not(), and() and or() guards, by their function names. */
const combinators: Record<string, (parts: string[]) => string> = {
  not: ([part]) => `!${part}`,
  and: (parts) => parts.join(' && '),
  or: (parts) => parts.join(' || '),
}

function describeGuard(guard: unknown): string {
  if (typeof guard === 'string') return guard
  if (typeof guard === 'function') {
    const { guards } = guard as unknown as { guards?: unknown[] }
    if (guards && combinators[guard.name]) return combinators[guard.name](guards.map(describeGuard))
    return guard.name && guard.name !== 'guard' ? guard.name : 'inline guard'
  }
  const { type, params } = guard as { type: string; params?: unknown }
  if (params === undefined || typeof params === 'function') return type
  return `${type}(${typeof params === 'object' && params !== null ? Object.values(params).join(', ') : String(params)})`
}

function guardName(transition: AnyTransition): string | undefined {
  return transition.guard ? describeGuard(transition.guard) : undefined
}

/** How a transition is written on its arrow: the event (or 'after …', or 'always') and its guard. */
export function transitionLabel(transition: AnyTransition): string {
  const { eventType } = transition
  const delay = /^xstate\.after\.([^.]+)\./.exec(eventType)
  const actor = /^xstate\.(done|error)\.actor\.(.+)$/.exec(eventType)
  const trigger =
    eventType === '' ? 'always' : delay ? `after ${delay[1]}` : actor ? `${actor[1]}: ${actor[2]}` : eventType
  const guard = guardName(transition)
  return guard ? `${trigger} [${guard}]` : trigger
}

/** A Mermaid stateDiagram-v2 of the machine, drawn from its own definition. */
export function toMermaid(machine: AnyStateMachine): string {
  const lines = ['stateDiagram-v2']
  // Mermaid draws concurrent regions only inside a composite state, so a parallel root is one.
  const drawn = (node: AnyStateNode) => node.parent !== undefined || node.type === 'parallel'
  const write = (node: AnyStateNode, depth: number) => {
    const indent = '  '.repeat(depth)
    const children = Object.values(node.states) as AnyStateNode[]
    if (drawn(node)) lines.push(`${indent}state "${node.key}" as ${mermaidId(node)}`)
    if (children.length === 0) return
    if (drawn(node)) lines.push(`${indent}state ${mermaidId(node)} {`)
    const inner = drawn(node) ? depth + 1 : depth
    children.forEach((child, index) => {
      if (node.type === 'parallel' && index > 0) lines.push(`${'  '.repeat(inner)}--`)
      write(child, inner)
    })
    if (node.type !== 'parallel' && node.initial?.target?.[0]) {
      lines.push(`${'  '.repeat(inner)}[*] --> ${mermaidId(node.initial.target[0] as AnyStateNode)}`)
    }
    if (drawn(node)) lines.push(`${indent}}`)
  }
  write(machine.root, 1)
  // A transition of the root applies in every state.
  if (!drawn(machine.root) && machine.root.transitions.size > 0)
    lines.push(`  state "any state" as ${mermaidId(machine.root)}`)
  for (const node of allStateNodes(machine)) {
    if (node.type === 'final') lines.push(`  ${mermaidId(node)} --> [*]`)
  }
  for (const transition of allTransitions(machine)) {
    const source = transition.source as AnyStateNode
    const targets = (transition.target as AnyStateNode[] | undefined) ?? [source]
    for (const target of targets)
      lines.push(`  ${mermaidId(source)} --> ${mermaidId(target)} : ${transitionLabel(transition)}`)
  }
  return lines.join('\n')
}

/** The machine's definition as JSON, for import into a state-chart visualiser. */
export function toJsonDefinition(machine: AnyStateMachine): string {
  return `${JSON.stringify(machine.definition, (_, value) => (typeof value === 'function' ? undefined : value), 2)}\n`
}

/** docs/state-charts.md: one diagram a machine. */
export function stateChartsDocument(machines: Record<string, AnyStateMachine>): string {
  const sections = Object.entries(machines).map(([name, machine]) =>
    [
      `## ${name}`,
      '',
      `\`src/machines/${name}.machine.ts\` · ${allStates(machine).length} states, ${allTransitions(machine).length} transitions · definition: [\`state-charts/${name}.json\`](state-charts/${name}.json)`,
      '',
      '```mermaid',
      toMermaid(machine),
      '```',
    ].join('\n'),
  )
  return [
    '# State charts',
    '',
    'Generated from the machine definitions by `npm run charts`; do not edit by hand (a test fails when this file is out of date).',
    'Arrows name their event, `after <delay>` for delayed transitions and `always` for eventless ones; guards stand in brackets.',
    '',
    ...sections.flatMap((section) => [section, '']),
  ].join('\n')
}
