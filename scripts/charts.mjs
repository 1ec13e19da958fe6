#!/usr/bin/env node
// `npm run charts`: loads the machines through Vite's module runner (they are TypeScript) and
// writes their state charts into docs/.
import { loadModule, root } from './load-module.mjs'

const module = await loadModule('scripts/state-charts/write-charts.ts')
for (const file of module.writeCharts(root)) console.log(`wrote ${file.slice(root.length + 1)}`)
