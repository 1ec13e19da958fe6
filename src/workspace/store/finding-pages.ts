import { FINDING_MODEL_VERSION, type Finding } from '@/workspace/model/model'
import type { PackedPages } from './records'
import { type FindingsPage } from '@/workspace/model/repository-records'

/** Findings are stored in pages of this many, per repository and run: few records to write and read. */
export const PAGE_SIZE = 1000

/** A page as stored, with the findings it holds. */
export interface LoadedPage {
  page: FindingsPage
  findings: Finding[]
}

/**
 * A run's findings cut into the pages the workspace stores, each holding its findings as JSON
 * text: the storage copies one string per page, where a list of objects made it walk every field
 * of every finding (the most of an import's and a feed sync's writing time).
 */
export function pagesOf(repository: string, run: string, tool: string, findings: readonly Finding[]): LoadedPage[] {
  const pages: LoadedPage[] = []
  for (let start = 0, page = 0; start < findings.length; start += PAGE_SIZE, page += 1) {
    const slice = findings.slice(start, start + PAGE_SIZE)
    pages.push({
      page: { repository, run, tool, page, modelVersion: FINDING_MODEL_VERSION, findingsJson: JSON.stringify(slice) },
      findings: slice,
    })
  }
  return pages
}

/** A stored page with its findings read. */
export const loadedPage = (page: FindingsPage): LoadedPage => ({ page, findings: findingsOfPage(page) })

/** The findings a stored page holds. */
export const findingsOfPage = (page: FindingsPage): Finding[] => JSON.parse(page.findingsJson) as Finding[]

/** The findings of stored pages, in their order. */
export function findingsOfPages(pages: readonly FindingsPage[]): Finding[] {
  const findings: Finding[] = []
  for (const page of pages) for (const finding of findingsOfPage(page)) findings.push(finding)
  return findings
}

export const isPacked = (record: FindingsPage | PackedPages): record is PackedPages => 'pages' in record

/** Stored page records as the pages they hold: a packed record gives its own, in their order. */
export function unpackPages(records: readonly (FindingsPage | PackedPages)[]): FindingsPage[] {
  const pages: FindingsPage[] = []
  for (const record of records) {
    if (isPacked(record)) for (const page of record.pages) pages.push(page)
    else pages.push(record)
  }
  return pages
}

/** The writes a pages store takes (of an import's transaction, or a removal's). */
interface PagesStore {
  put(page: FindingsPage): Promise<unknown>
  delete(key: [string, string, number]): Promise<unknown>
}

/**
 * Writes a repository's packed pages (`PackedPages`) apart again, those `keeps` keeps: the first
 * change to a repository a snapshot brought. Gives the writes' requests.
 */
export function writePackedApart(
  store: PagesStore,
  packed: readonly PackedPages[],
  keeps: (page: FindingsPage) => boolean,
): Promise<unknown>[] {
  return [
    ...packed.map((record) => store.delete([record.repository, record.run, record.page])),
    ...unpackPages(packed)
      .filter(keeps)
      .map((page) => store.put(page)),
  ]
}
