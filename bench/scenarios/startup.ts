import type { Browser } from 'playwright'
import { firstContentfulPaint, loadTimes, type LoadTimes } from '../page-timing'
import { signInFromLoggedOut } from '../sign-in'
import { recordSignIn } from '../sign-in-recorder'
import { medianWaterfall, signInWaterfall, type MedianWaterfall, type SignInWaterfall } from '../sign-in-waterfall'
import { rounds } from '../settings'
import { median, round } from '../statistics'

export interface StartupResults {
  loggedOutReadyMs: number
  bareReactReadyMs: number
  loggedOutRatio: number
  firstContentfulPaint: { loggedOutMs: number; bareReactMs: number; ratio: number }
  afterRoundTrip: { loggedOutReadyMs: number; bareReactReadyMs: number; loggedOutRatio: number }
  signInToDashboardMs: number
  signInToDashboardRatio: number
  signInSeen: MedianWaterfall
}

/** A load's times, with its first contentful paint. */
type PaintedLoad = LoadTimes & { painted: number }

/** The logged-out screen against a bare React page, interleaved, and a demo sign-in after each Vigil load. */
export async function startup(browser: Browser, vigilOrigin: string, referenceOrigin: string): Promise<StartupResults> {
  const loggedOut: PaintedLoad[] = []
  const bare: PaintedLoad[] = []
  const signInToDashboard: number[] = []
  const signInWaterfalls: SignInWaterfall[] = []
  for (let round = 0; round < rounds; round++) {
    // Interleaved, Vigil first every other round: Vigil, bare React, bare React, Vigil, …
    const order = round % 2 === 0 ? ['vigil', 'bare'] : ['bare', 'vigil']
    for (const which of order) {
      const context = await browser.newContext()
      const page = await context.newPage()
      if (which === 'vigil') {
        loggedOut.push({
          ...(await loadTimes(
            page,
            vigilOrigin,
            () =>
              [...document.querySelectorAll('button')].some(
                (b) => b.textContent === 'Sign in' && b.checkVisibility(),
              ) && performance.now(),
          )),
          painted: await firstContentfulPaint(page),
        })
      } else {
        bare.push({
          ...(await loadTimes(
            page,
            `${referenceOrigin}/index.html`,
            () => !!document.querySelector('button') && performance.now(),
          )),
          painted: await firstContentfulPaint(page),
        })
      }
      await context.close()
      // The sign-in in a context of its own: its recorder, which the bare page does not carry,
      // stays out of the logged-out screen's time.
      if (which === 'vigil') {
        const signInContext = await browser.newContext()
        const signInEvents = await recordSignIn(signInContext)
        const signInPage = await signInContext.newPage()
        await signInPage.goto(vigilOrigin)
        const started = Date.now()
        await signInFromLoggedOut(signInPage)
        signInToDashboard.push(Date.now() - started)
        signInWaterfalls.push(signInWaterfall(signInEvents))
        await signInContext.close()
      }
    }
  }
  const frames = (times: LoadTimes[]) => median(times.map((time) => time.frame))
  const afterRoundTrips = (times: LoadTimes[]) => median(times.map((time) => time.afterRoundTrip))
  return {
    loggedOutReadyMs: round(frames(loggedOut)),
    bareReactReadyMs: round(frames(bare)),
    loggedOutRatio: round(frames(loggedOut) / frames(bare), 2),
    // The same loads to their first contentful paint: the frame on the screen, after its raster.
    firstContentfulPaint: {
      loggedOutMs: round(median(loggedOut.map((time) => time.painted))),
      bareReactMs: round(median(bare.map((time) => time.painted))),
      ratio: round(median(loggedOut.map((time) => time.painted)) / median(bare.map((time) => time.painted)), 2),
    },
    // The same loads, read after the bench's round trip to the page (the figure of earlier runs).
    afterRoundTrip: {
      loggedOutReadyMs: round(afterRoundTrips(loggedOut)),
      bareReactReadyMs: round(afterRoundTrips(bare)),
      loggedOutRatio: round(afterRoundTrips(loggedOut) / afterRoundTrips(bare), 2),
    },
    signInToDashboardMs: round(median(signInToDashboard)),
    signInToDashboardRatio: round(median(signInToDashboard) / frames(bare), 2),
    // The same sign-ins timed by the pages themselves, from each click to the frame it brought.
    signInSeen: medianWaterfall(signInWaterfalls),
  }
}
