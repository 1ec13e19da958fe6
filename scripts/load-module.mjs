// Loads one of Vigil's TypeScript modules into a Node script through Vite's module runner, with
// the @/ alias, for the scripts that reuse the app's own code (state charts, the feed builder).
import { resolve } from 'node:path'
import { runnerImport } from 'vite'

export const root = resolve(import.meta.dirname, '..')

export async function loadModule(path) {
  const { module } = await runnerImport(resolve(root, path), {
    root,
    configFile: false,
    logLevel: 'error',
    resolve: { alias: { '@': resolve(root, 'src') } },
  })
  return module
}
