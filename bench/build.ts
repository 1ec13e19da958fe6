import { execFileSync } from 'node:child_process'
import { join } from 'node:path'
import { root, vigilDir } from './paths'

/** Production builds of Vigil, the reference pages and the workspace seed pages, into dist-bench. */
export function buildBench(): void {
  const vite = join(root, 'node_modules/.bin/vite')
  console.log('Building Vigil and the reference pages…')
  execFileSync(vite, ['build', '--logLevel', 'warn', '--outDir', vigilDir, '--emptyOutDir'], {
    cwd: root,
    stdio: 'inherit',
  })
  execFileSync(vite, ['build', '--config', 'bench/vite.reference.config.ts'], { cwd: root, stdio: 'inherit' })
  execFileSync(vite, ['build', '--config', 'bench/vite.seed.config.ts'], { cwd: root, stdio: 'inherit' })
}
