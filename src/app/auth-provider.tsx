import { useActorRef } from '@xstate/react'
import { useEffect, useState, type ReactNode } from 'react'
import { fromPromise } from 'xstate'
import { AuthActorContext } from '@/api/auth'
import { withoutCallbackParams, type AuthClient } from '@/auth/client'
import { authMachine, type AuthProblem } from '@/machines/auth.machine'
import type { SessionChannel } from './browser-auth-environment'
import { inspection } from '@/components/inspection'

export interface AuthProviderProps {
  client: AuthClient
  sessionChannel: SessionChannel
  /** The address the app was opened at. */
  url: URL
  isCallback: boolean
  /** The error callback of SPEC.md §8. */
  onError?: (problem: AuthProblem) => void
  children: ReactNode
}

/** Runs the auth machine with the browser's effects and shares it with the app. */
export function AuthProvider({ client, sessionChannel, url, isCallback, onError, children }: AuthProviderProps) {
  const [logic] = useState(() =>
    authMachine.provide({
      actions: {
        cleanAddressBar: () => window.history.replaceState(window.history.state, '', withoutCallbackParams(url)),
        announceSession: ({ context }) => sessionChannel.announce(context.session ?? null),
        reportError: (_, problem) => {
          console.error(`Sign-in error${problem.code ? ` ${problem.code}` : ''}: ${problem.message}`)
          onError?.(problem)
        },
        reportRefreshRetry: (_, { problem, delayMs }) =>
          console.warn(`Vigil could not renew the session and tries again in ${delayMs / 1000} s: ${problem.message}`),
      },
      actors: {
        handleCallback: fromPromise(({ input }) => client.handleCallback(new URL(input.url))),
        refreshSession: fromPromise(({ input }) => client.refresh(input.session)),
        startLogin: fromPromise(({ input }) => client.startLogin(input)),
        logout: fromPromise(({ input }) => client.logout(input)),
      },
    }),
  )
  const [input] = useState(() => ({
    url: url.href,
    isCallback,
    storedSession: isCallback ? null : client.readSession(),
  }))
  const actor = useActorRef(logic, { input, ...inspection() })

  useEffect(
    () =>
      sessionChannel.subscribe((tokens) => {
        const session = tokens && client.sessionFromTokens(tokens)
        if (tokens && !session) console.warn('Vigil ignored a session from another tab whose id token is not readable')
        else actor.send({ type: 'session.sync', session })
      }),
    [actor, client, sessionChannel],
  )

  return <AuthActorContext.Provider value={actor}>{children}</AuthActorContext.Provider>
}
