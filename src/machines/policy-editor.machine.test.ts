import { describe, expect, it, vi } from 'vitest'
import { createActor } from 'xstate'
import { LINE_OUT_OF_BOUNDS, parsePolicy } from '@/data/policy-document'
import { samplePolicyDocument } from '@/data/sample-policy'
import { CHECK_NOT_A_GROUP, policyEditorMachine } from './policy-editor.machine'

function start(document = samplePolicyDocument) {
  const persist = vi.fn()
  const warn = vi.fn()
  const actor = createActor(
    policyEditorMachine.provide({ actions: { persist: (_, doc) => persist(doc), warnOutOfBounds: warn } }),
    { input: { document, original: samplePolicyDocument } },
  ).start()
  const policy = () => parsePolicy(actor.getSnapshot().context.document)
  return { actor, persist, warn, policy }
}

const firstRule = parsePolicy(samplePolicyDocument).lines.findIndex((line) => line.kind === 'rule')

describe('policy-editor machine', () => {
  it('knows when the last save failed (storage full) and when a later one succeeded', () => {
    const { actor } = start()
    expect(actor.getSnapshot().context.notSaved).toBe(false)
    actor.send({ type: 'storage.failed' })
    expect(actor.getSnapshot().context.notSaved).toBe(true)
    actor.send({ type: 'storage.saved' })
    expect(actor.getSnapshot().context.notSaved).toBe(false)
  })

  it('edits tags: the draft starts as the tags, saving splits, trims and drops empties', () => {
    const { actor, persist, policy } = start()
    actor.send({ type: 'tags.edit' })
    expect(actor.getSnapshot().value).toBe('editingTags')
    expect(actor.getSnapshot().context.draft).toBe('frontend, security')
    actor.send({ type: 'draft.change', text: ' react,  web ,, security ' })
    actor.send({ type: 'tags.save' })
    expect(actor.getSnapshot().value).toBe('viewing')
    expect(policy().meta.tags).toEqual(['react', 'web', 'security'])
    expect(persist).toHaveBeenLastCalledWith(actor.getSnapshot().context.document)
  })

  it('cancels a tag edit without a change', () => {
    const { actor, persist, policy } = start()
    actor.send({ type: 'tags.edit' })
    actor.send({ type: 'draft.change', text: 'x' })
    actor.send({ type: 'edit.cancel' })
    expect(policy().meta.tags).toEqual(['frontend', 'security'])
    expect(persist).not.toHaveBeenCalled()
  })

  it('edits a rule line, keeping its level tag, and rewrites the document', () => {
    const { actor, policy } = start()
    const before = policy().lines[firstRule]
    actor.send({ type: 'line.edit', index: firstRule })
    expect(actor.getSnapshot().value).toBe('editingLine')
    expect(actor.getSnapshot().context.draft).toBe(before.text)
    actor.send({ type: 'draft.change', text: 'Sanitise all HTML with DOMPurify.' })
    actor.send({ type: 'line.save' })
    const after = policy().lines[firstRule]
    expect(after).toMatchObject({ kind: 'rule', text: 'Sanitise all HTML with DOMPurify.', tag: before.tag })
    expect(actor.getSnapshot().context.lineIndex).toBeUndefined()
  })

  it('keeps a rule line’s check and level tag through an edit, and the document it persists carries them', () => {
    const withCheck = '---\ntitle: T\nsla:\n  critical: 3\n---\n- Never render user HTML {cwe: 79, 80} [Mandatory]\n'
    const { actor, persist, policy } = start(withCheck)
    actor.send({ type: 'line.edit', index: 0 })
    expect(actor.getSnapshot().context.draft).toBe('Never render user HTML')
    actor.send({ type: 'draft.change', text: 'Never render HTML from users' })
    actor.send({ type: 'line.save' })
    const document = actor.getSnapshot().context.document
    expect(document).toBe(
      '---\ntitle: T\nsla:\n  critical: 3\n---\n- Never render HTML from users {cwe: 79, 80} [Mandatory]\n',
    )
    expect(persist).toHaveBeenLastCalledWith(document)
    expect(policy().lines[0].check?.spec.cwes).toEqual(['CWE-79', 'CWE-80'])
    // Tags are saved through the front matter, which keeps the sla field.
    actor.send({ type: 'tags.edit' })
    actor.send({ type: 'draft.change', text: 'xss' })
    actor.send({ type: 'tags.save' })
    expect(policy().meta.sla?.days.Critical).toBe(3)
    expect(policy().lines[0].check?.raw).toBe(' {cwe: 79, 80}')
    // Reset goes back to the original, checks and all.
    actor.send({ type: 'document.reset' })
    expect(actor.getSnapshot().context.document).toBe(samplePolicyDocument)
  })

  it('cancels a line edit with Escape, changing nothing', () => {
    const { actor, persist } = start()
    actor.send({ type: 'line.edit', index: firstRule })
    actor.send({ type: 'draft.change', text: 'changed' })
    actor.send({ type: 'edit.cancel' })
    expect(actor.getSnapshot().context.document).toBe(samplePolicyDocument)
    expect(persist).not.toHaveBeenCalled()
  })

  it('warns and changes nothing for an out-of-range line or one that is not editable', () => {
    const { actor, warn } = start()
    actor.send({ type: 'line.edit', index: 9999 })
    actor.send({ type: 'line.edit', index: -1 })
    actor.send({ type: 'line.edit', index: 0 }) // the # heading
    expect(warn).toHaveBeenCalledTimes(3)
    expect(actor.getSnapshot().value).toBe('viewing')
    expect(actor.getSnapshot().context.document).toBe(samplePolicyDocument)
  })

  it('warns "Failed to save text edit: line index out of bounds" by default', () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {})
    const actor = createActor(policyEditorMachine, { input: { document: 'x', original: 'x' } }).start()
    actor.send({ type: 'line.edit', index: 5 })
    expect(warn).toHaveBeenCalledWith(LINE_OUT_OF_BOUNDS)
    warn.mockRestore()
  })

  it('changes levels and the default enforcement only locally', () => {
    const { actor, persist } = start()
    actor.send({ type: 'level.select', index: firstRule, level: 'Recommended' })
    actor.send({ type: 'enforcement.select', level: 'Mandatory' })
    expect(actor.getSnapshot().context.levelOverrides).toEqual({ [firstRule]: 'Recommended' })
    expect(actor.getSnapshot().context.enforcementDefault).toBe('Mandatory')
    expect(actor.getSnapshot().context.document).toBe(samplePolicyDocument)
    expect(persist).not.toHaveBeenCalled()
  })

  it('resets to the original document and forgets the stored one', () => {
    const { actor, persist } = start('---\ntitle: Edited\n---\n- x')
    actor.send({ type: 'level.select', index: 0, level: 'Mandatory' })
    actor.send({ type: 'document.reset' })
    expect(actor.getSnapshot().context.document).toBe(samplePolicyDocument)
    expect(actor.getSnapshot().context.levelOverrides).toEqual({})
    expect(persist).toHaveBeenLastCalledWith(null)
  })

  it('adds a check to a rule line, keeping its text and level tag, and keeps the document', () => {
    const { actor, persist, policy } = start()
    const before = policy().lines[firstRule]
    actor.send({ type: 'check.edit', index: firstRule })
    expect(actor.getSnapshot().value).toBe('editingCheck')
    expect(actor.getSnapshot().context.draft).toBe('')
    actor.send({ type: 'draft.change', text: '{cwe: 79, 80}' })
    actor.send({ type: 'check.save' })
    const after = policy().lines[firstRule]
    expect(actor.getSnapshot().value).toBe('viewing')
    expect(after).toMatchObject({ text: before.text, tag: before.tag, check: { raw: ' {cwe: 79, 80}', problems: [] } })
    expect(after.check?.spec.cwes).toEqual(['CWE-79', 'CWE-80'])
    expect(persist).toHaveBeenLastCalledWith(actor.getSnapshot().context.document)
  })

  it('edits a check starting from the one written, and removes it when saved empty', () => {
    const { actor, policy } = start('---\ntitle: T\n---\n- No XSS {cwe: 79} [Mandatory]')
    actor.send({ type: 'check.edit', index: 0 })
    expect(actor.getSnapshot().context.draft).toBe('{cwe: 79}')
    actor.send({ type: 'draft.change', text: '' })
    actor.send({ type: 'check.save' })
    expect(actor.getSnapshot().context.document).toBe('---\ntitle: T\n---\n- No XSS [Mandatory]')
    expect(policy().lines[0].check).toBeUndefined()
  })

  it('keeps the check editor open, saying what to write, for text that is no brace group', () => {
    const { actor, persist } = start()
    actor.send({ type: 'check.edit', index: firstRule })
    actor.send({ type: 'draft.change', text: 'cwe 79' })
    actor.send({ type: 'check.save' })
    expect(actor.getSnapshot().value).toBe('editingCheck')
    expect(actor.getSnapshot().context.checkError).toBe(CHECK_NOT_A_GROUP)
    actor.send({ type: 'draft.change', text: '{cwe: 79' })
    expect(actor.getSnapshot().context.checkError).toBeUndefined()
    actor.send({ type: 'edit.cancel' })
    expect(actor.getSnapshot().value).toBe('viewing')
    expect(actor.getSnapshot().context.document).toBe(samplePolicyDocument)
    expect(persist).not.toHaveBeenCalled()
  })

  it('warns for a check on a line that is not a rule', () => {
    const { actor, warn } = start()
    actor.send({ type: 'check.edit', index: 0 })
    actor.send({ type: 'check.edit', index: 9999 })
    expect(warn).toHaveBeenCalledTimes(2)
    expect(actor.getSnapshot().value).toBe('viewing')
  })
})
