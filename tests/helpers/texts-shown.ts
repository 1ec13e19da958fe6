/**
 * Every text `read` gives as the page changes, from now until `stop`: what shows only between two
 * looks of a polling assertion (a step's progress, a flash of a wrong screen) is kept too.
 */
export function recordTexts(read: () => string[]): { texts: string[]; stop: () => void } {
  const texts: string[] = []
  const record = () => {
    for (const text of read()) if (texts.at(-1) !== text) texts.push(text)
  }
  const observer = new MutationObserver(record)
  observer.observe(document.body, { subtree: true, childList: true, characterData: true })
  record()
  return { texts, stop: () => observer.disconnect() }
}
