import type { SignInEvent } from './sign-in-recorder'
import { median, round } from './statistics'

/** Milliseconds after its click for each step that happened. */
type Steps = Record<string, number>

export interface SignInWaterfall {
  /** The sign-in as the user sees it: click to provider's page, plus click to dashboard. */
  seen: number
  toProvider: Steps
  back: Steps
}

export interface MedianWaterfall {
  seenMs: number
  toProvider: Steps
  back: Steps
}

/**
 * One sign-in's waterfall from its events: the steps from the click on "Sign in" to the provider's
 * page, and from the click on "Continue" to the dashboard, each as milliseconds after its click.
 * A step that did not happen is left out: the demo's pages are reached through the history, so
 * there is no document to parse, and the discovery made before the provider's page is not asked
 * again. `seen` is the two together: the sign-in as the user sees it, without the time they take
 * to choose who to continue as.
 */
export function signInWaterfall(events: SignInEvent[]): SignInWaterfall {
  // An event that never came leaves its time undefined, and a step after it unfound (as `>=
  // undefined` never holds); the arithmetic below then yields NaN, written as null.
  const at = (test: (name: string) => boolean, after: number | undefined) =>
    events.find((event) => test(event.name) && after !== undefined && event.at >= after)?.at
  const named = (name: string) => (event: string) => event === name
  const signIn = at(named('click Sign in'), 0)
  const toProvider: Record<string, number | undefined> = {
    discoveryAnswered: at(named('discovery answered'), signIn),
    providerDocument: at((name) => name.startsWith('document /demo-idp'), signIn),
    providerAddress: at((name) => name.startsWith('address /demo-idp'), signIn),
  }
  toProvider.providerParsed = toProvider.providerDocument && at(named('parsed'), toProvider.providerDocument)
  toProvider.providerPageShown = at(named('provider page shown'), signIn)
  const continued = at(named('click Continue as Ada Lovelace'), signIn)
  const isCallback = (kind: string) => (name: string) => name.startsWith(`${kind} /`) && !name.includes('demo-idp')
  const back: Record<string, number | undefined> = {
    callbackDocument: at(isCallback('document'), continued),
    callbackAddress: at(isCallback('address'), continued),
  }
  back.callbackParsed = back.callbackDocument && at(named('parsed'), back.callbackDocument)
  back.discoveryAsked = at(named('discovery asked'), continued)
  back.tokenAnswered = at(named('token answered'), continued)
  back.dashboardShown = at(named('dashboard shown'), continued)
  const since = (steps: Record<string, number | undefined>, start = NaN): Steps =>
    Object.fromEntries(
      Object.entries(steps)
        .filter((entry): entry is [string, number] => entry[1] !== undefined)
        .map(([step, time]) => [step, time - start]),
    )
  const elapsed = (end = NaN, start = NaN) => end - start
  return {
    seen: elapsed(toProvider.providerPageShown, signIn) + elapsed(back.dashboardShown, continued),
    toProvider: since(toProvider, signIn),
    back: since(back, continued),
  }
}

/** The median of each step over several waterfalls, over the rounds in which it happened. */
export function medianWaterfall(waterfalls: SignInWaterfall[]): MedianWaterfall {
  const steps = (part: 'toProvider' | 'back') => {
    const names = [...new Set(waterfalls.flatMap((w) => Object.keys(w[part])))]
    return Object.fromEntries(
      names.map((step) => [
        step,
        round(median(waterfalls.map((w) => w[part][step]).filter((time) => time !== undefined))),
      ]),
    )
  }
  return {
    seenMs: round(median(waterfalls.map((w) => w.seen))),
    toProvider: steps('toProvider'),
    back: steps('back'),
  }
}
