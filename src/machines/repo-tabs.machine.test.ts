import { describe, expect, it, vi } from 'vitest'
import { createActor } from 'xstate'
import { repositoryTabs } from '@/data/repository-tabs'
import { activeTabOf, repoTabsMachine } from './repo-tabs.machine'

function start(tab?: string | null) {
  const writeUrl = vi.fn()
  const actor = createActor(repoTabsMachine.provide({ actions: { writeUrl: (_, params) => writeUrl(params) } }), {
    input: { tab },
  }).start()
  const active = () => activeTabOf(actor.getSnapshot().value)
  return { actor, writeUrl, active }
}

describe('repo-tabs machine', () => {
  it('starts at policy-issues', () => {
    expect(start().active()).toBe('policy-issues')
    expect(start(null).actor.getSnapshot().value).toBe('policyIssues')
  })

  it.each(repositoryTabs)('opens at ?tab=%s', (tab) => {
    expect(start(tab).active()).toBe(tab)
  })

  it('opens an unknown ?tab= in the unknown state, with no tab active', () => {
    const { actor, active } = start('settings')
    expect(actor.getSnapshot().value).toBe('unknown')
    expect(active()).toBeUndefined()
  })

  it('selects each tab and writes it to the address', () => {
    const { actor, writeUrl, active } = start()
    for (const tab of repositoryTabs) {
      actor.send({ type: 'tab.select', tab })
      expect(active()).toBe(tab)
      expect(writeUrl).toHaveBeenLastCalledWith({ tab })
    }
    actor.send({ type: 'tab.select', tab: 'bogus' })
    expect(actor.getSnapshot().value).toBe('unknown')
  })

  it('follows the address without writing it again', () => {
    const { actor, writeUrl, active } = start()
    actor.send({ type: 'tab.sync', tab: 'api-surface' })
    expect(active()).toBe('api-surface')
    actor.send({ type: 'tab.sync', tab: 'nope' })
    expect(actor.getSnapshot().value).toBe('unknown')
    expect(writeUrl).not.toHaveBeenCalled()
  })
})
