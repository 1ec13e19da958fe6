// Loads one of Vigil's TypeScript modules into a Node script through Vite's module runner, with
// the @/ alias, for the scripts that reuse the app's own code (state charts, the feed builder).
import { resolve } from 'node:path'
import { runnerImport } from 'vite'

export const root = resolve(import.meta.dirname, '..')

export async function loadModule(path) {
  // The runner sets NODE_ENV to development for the whole process when it is unset; a Vite build
  // started from the script afterwards (the bench's) would then bundle React's development build.
  const nodeEnv = process.env.NODE_ENV
  const { module } = await runnerImport(resolve(root, path), {
    root,
    configFile: false,
    logLevel: 'error',
    resolve: { alias: { '@': resolve(root, 'src') } },
  })
  if (nodeEnv === undefined) delete process.env.NODE_ENV
  else process.env.NODE_ENV = nodeEnv
  return module
}
