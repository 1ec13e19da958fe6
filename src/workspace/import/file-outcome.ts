/**
 * Whether a file changed the workspace: its findings landed, or a catalogue it held was kept. Apart
 * from the import itself, so that the page can ask without loading the readers.
 */
export const landedInWorkspace = (outcome: { status: string; saved?: boolean } | undefined): boolean =>
  outcome?.status === 'imported' || (outcome?.status === 'catalogue' && outcome.saved === true)
