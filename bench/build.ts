import { execFileSync } from 'node:child_process'
import { join } from 'node:path'
import { root, vigilDir } from './paths'

/** Production builds of Vigil, the reference pages and the workspace seed pages, into dist-bench. */
export function buildBench(): void {
  const vite = join(root, 'node_modules/.bin/vite')
  console.log('Building Vigil and the reference pages…')
  // What users get: React's production build, whatever NODE_ENV the shell or a module loader set.
  const options = { cwd: root, stdio: 'inherit', env: { ...process.env, NODE_ENV: 'production' } } as const
  execFileSync(vite, ['build', '--logLevel', 'warn', '--outDir', vigilDir, '--emptyOutDir'], options)
  execFileSync(vite, ['build', '--config', 'bench/vite.reference.config.ts'], options)
  execFileSync(vite, ['build', '--config', 'bench/vite.seed.config.ts'], options)
}
