import { FINDING_MODEL_VERSION, type Finding } from '@/workspace/model/model'
import { PAGE_SIZE, type PackedPages } from './schema'
import { type FindingsPage } from '@/workspace/model/repository-records'

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
