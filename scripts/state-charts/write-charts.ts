import { mkdirSync, writeFileSync } from 'node:fs'
import { machines } from './registry'
import { stateChartsDocument, toJsonDefinition } from './state-charts'

/** `npm run charts`: writes docs/state-charts.md and docs/state-charts/<machine>.json. */
export function writeCharts(root: string): string[] {
  mkdirSync(`${root}/docs/state-charts`, { recursive: true })
  const written = [`${root}/docs/state-charts.md`]
  writeFileSync(written[0], stateChartsDocument(machines))
  for (const [name, machine] of Object.entries(machines)) {
    const file = `${root}/docs/state-charts/${name}.json`
    writeFileSync(file, toJsonDefinition(machine))
    written.push(file)
  }
  return written
}
