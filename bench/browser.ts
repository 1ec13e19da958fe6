import { chromium, type Browser, type BrowserContext } from 'playwright'
import { chromiumArgs, ensureChromium } from '../scripts/chromium.mjs'

/** Headless Debian Chromium with the flags every runner of this repository uses. */
export function launchChromium(): Promise<Browser> {
  return chromium.launch({ executablePath: ensureChromium(), args: chromiumArgs })
}

/** A fresh profile with a laptop-sized window, as the scenarios that use the app's screens open. */
export function desktopContext(browser: Browser): Promise<BrowserContext> {
  return browser.newContext({ viewport: { width: 1280, height: 800 } })
}
