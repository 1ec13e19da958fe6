#!/usr/bin/env node
// `npm run charts`: loads the machines through Vite's module runner (they are TypeScript) and
// writes their state charts into docs/.
import { resolve } from 'node:path'
import { runnerImport } from 'vite'

const root = resolve(import.meta.dirname, '..')
const { module } = await runnerImport(resolve(root, 'scripts/state-charts/write-charts.ts'), {
  root,
  configFile: false,
  logLevel: 'error',
  resolve: { alias: { '@': resolve(root, 'src') } },
})
for (const file of module.writeCharts(root)) console.log(`wrote ${file.slice(root.length + 1)}`)
