import { assign, setup } from 'xstate'
import {
  isEditable,
  LINE_OUT_OF_BOUNDS,
  parsePolicy,
  saveLineCheck,
  saveLineText,
  saveTags,
  splitTags,
  type Level,
} from '@/data/policy-document'

export const CHECK_NOT_A_GROUP =
  'Write the check as one group in braces, such as {cwe: 79, 80} or {rules: js/xss}; leave it empty to remove the check.'

export interface PolicyEditorContext {
  /** The document as edited so far. */
  document: string
  /** The sample it started from, for 'Reset to original'. */
  original: string
  /** The text in the open editor (tags or a line). */
  draft: string
  /** The body line being edited (its text, or its check). */
  lineIndex?: number
  /** Why the check in the open editor cannot be saved as it is. */
  checkError?: string
  /** Level selects: local display only, never written to the document. */
  levelOverrides: Record<number, Level>
  enforcementDefault?: string
  /** The last save to the browser's storage failed (full or blocked): the edit is on screen only. */
  notSaved: boolean
}

export type PolicyEditorEvent =
  | { type: 'tags.edit' }
  | { type: 'draft.change'; text: string }
  | { type: 'tags.save' }
  | { type: 'line.edit'; index: number }
  | { type: 'line.save' }
  | { type: 'check.edit'; index: number }
  | { type: 'check.save' }
  | { type: 'edit.cancel' }
  | { type: 'level.select'; index: number; level: Level }
  | { type: 'enforcement.select'; level: string }
  | { type: 'document.reset' }
  /** What became of the last save to the browser's storage. */
  | { type: 'storage.saved' }
  | { type: 'storage.failed' }

/** Local editing of the policy document page: nothing is sent to a server. */
export const policyEditorMachine = setup({
  types: {
    context: {} as PolicyEditorContext,
    events: {} as PolicyEditorEvent,
    input: {} as { document: string; original: string },
  },
  actions: {
    /**
     * Keeps the edited document (in the browser's storage), or forgets it on reset; the
     * implementation answers with storage.saved or storage.failed.
     */
    persist: (_, _document: string | null) => {},
    warnOutOfBounds: () => console.warn(LINE_OUT_OF_BOUNDS),
  },
  guards: {
    isEditableLine: ({ context, event }) =>
      event.type === 'line.edit' && isEditable(parsePolicy(context.document).lines[event.index]),
    isRuleLine: ({ context, event }) =>
      event.type === 'check.edit' && parsePolicy(context.document).lines[event.index]?.kind === 'rule',
    checkSaves: ({ context }) =>
      saveLineCheck(context.document, context.lineIndex as number, context.draft) !== undefined,
  },
}).createMachine({
  id: 'policyEditor',
  context: ({ input }) => ({
    document: input.document,
    original: input.original,
    draft: '',
    levelOverrides: {},
    notSaved: false,
  }),
  initial: 'viewing',
  on: {
    'level.select': {
      actions: assign({
        levelOverrides: ({ context, event }) => ({ ...context.levelOverrides, [event.index]: event.level }),
      }),
    },
    'enforcement.select': { actions: assign({ enforcementDefault: ({ event }) => event.level }) },
    'storage.saved': { actions: assign({ notSaved: false }) },
    'storage.failed': { actions: assign({ notSaved: true }) },
  },
  states: {
    viewing: {
      on: {
        'tags.edit': {
          target: 'editingTags',
          actions: assign({ draft: ({ context }) => parsePolicy(context.document).meta.tags.join(', ') }),
        },
        'line.edit': [
          {
            guard: 'isEditableLine',
            target: 'editingLine',
            actions: assign({
              lineIndex: ({ event }) => event.index,
              draft: ({ context, event }) => parsePolicy(context.document).lines[event.index].text,
            }),
          },
          { actions: 'warnOutOfBounds' },
        ],
        'check.edit': [
          {
            guard: 'isRuleLine',
            target: 'editingCheck',
            actions: assign({
              lineIndex: ({ event }) => event.index,
              draft: ({ context, event }) => parsePolicy(context.document).lines[event.index].check?.raw.trim() ?? '',
              checkError: undefined,
            }),
          },
          { actions: 'warnOutOfBounds' },
        ],
        'document.reset': {
          actions: [
            assign({ document: ({ context }) => context.original, levelOverrides: {}, enforcementDefault: undefined }),
            { type: 'persist', params: null },
          ],
        },
      },
    },
    editingTags: {
      on: {
        'draft.change': { actions: assign({ draft: ({ event }) => event.text }) },
        'tags.save': {
          target: 'viewing',
          actions: [
            assign({ document: ({ context }) => saveTags(context.document, splitTags(context.draft)) }),
            { type: 'persist', params: ({ context }) => context.document },
          ],
        },
        'edit.cancel': { target: 'viewing' },
      },
    },
    editingLine: {
      on: {
        'draft.change': { actions: assign({ draft: ({ event }) => event.text }) },
        // Only an editable line can be open, and nothing changes the document meanwhile.
        'line.save': {
          target: 'viewing',
          actions: [
            assign({
              document: ({ context }) =>
                saveLineText(context.document, context.lineIndex as number, context.draft) ?? context.document,
              lineIndex: undefined,
            }),
            { type: 'persist', params: ({ context }) => context.document },
          ],
        },
        'edit.cancel': { target: 'viewing', actions: assign({ lineIndex: undefined }) },
      },
    },
    editingCheck: {
      on: {
        'draft.change': { actions: assign({ draft: ({ event }) => event.text, checkError: undefined }) },
        // An empty check removes it; text that is no brace group stays open, with what to write.
        'check.save': [
          {
            guard: 'checkSaves',
            target: 'viewing',
            actions: [
              assign({
                document: ({ context }) => saveLineCheck(context.document, context.lineIndex as number, context.draft)!,
                lineIndex: undefined,
              }),
              { type: 'persist', params: ({ context }) => context.document },
            ],
          },
          { actions: assign({ checkError: CHECK_NOT_A_GROUP }) },
        ],
        'edit.cancel': { target: 'viewing', actions: assign({ lineIndex: undefined, checkError: undefined }) },
      },
    },
  },
})
