#!/usr/bin/env node
// `npm run theme-css`: writes the theme's CSS variables (src/state/theme-variables.css) from
// src/state/mantine-theme.ts, so that the page ships them instead of computing them at start-up.
import { writeFileSync } from 'node:fs'
import { resolve } from 'node:path'
import { loadModule, root } from './load-module.mjs'

const { theme, cssVariablesResolver } = await loadModule('src/state/mantine-theme.ts')
const { themeCssVariables, themeStylesheet } = await loadModule('src/state/theme-css-variables.ts')
const file = resolve(root, 'src/state/theme-variables.css')
writeFileSync(file, themeStylesheet(themeCssVariables(theme, cssVariablesResolver)))
console.log(`wrote ${file.slice(root.length + 1)}`)
