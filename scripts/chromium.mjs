// Finds Debian's Chromium for the browser and end-to-end tests, installing it with apt-get where
// this user may. Never downloads a browser build of its own.
import { spawnSync } from 'node:child_process'
import { accessSync, constants } from 'node:fs'

const candidates = ['/usr/bin/chromium', '/usr/bin/chromium-browser']

/** The flags every runner launches Chromium with: root-run, headless, on a closed network. */
export const chromiumArgs = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--disable-dev-shm-usage',
]

function executable(path) {
  try {
    accessSync(path, constants.X_OK)
    return true
  } catch {
    return false
  }
}

function found() {
  const fromEnv = process.env.CHROMIUM_PATH
  if (fromEnv) {
    if (executable(fromEnv)) return fromEnv
    throw new Error(`CHROMIUM_PATH is set to ${fromEnv}, which is not an executable file.`)
  }
  return candidates.find(executable)
}

function mayInstall() {
  return process.getuid?.() === 0 && spawnSync('sh', ['-c', 'command -v apt-get'], { stdio: 'ignore' }).status === 0
}

export function ensureChromium() {
  const path = found()
  if (path) return path
  if (mayInstall()) {
    console.log("Chromium is missing: installing Debian's chromium package with apt-get…")
    const install = spawnSync(
      'sh',
      ['-c', 'apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium'],
      {
        stdio: 'inherit',
      },
    )
    const installed = install.status === 0 ? found() : undefined
    if (installed) return installed
  }
  console.error(
    [
      'The browser and end-to-end tests need Chromium, and none was found.',
      "Install Debian's package:   sudo apt-get install -y chromium",
      'or point CHROMIUM_PATH at a Chromium binary:   CHROMIUM_PATH=/path/to/chromium npm test',
    ].join('\n'),
  )
  process.exit(1)
}
