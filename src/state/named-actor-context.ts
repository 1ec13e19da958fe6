import type { createActorContext } from '@xstate/react'
import type { AnyActorLogic } from 'xstate'

type ActorContext<TLogic extends AnyActorLogic> = ReturnType<typeof createActorContext<TLogic>>

/**
 * An actor context whose hooks, used outside their provider, throw a message naming that provider
 * ("You used a hook from "AuthProvider" but it's not inside a <AuthProvider> component.").
 */
export function namedActorContext<TLogic extends AnyActorLogic>(
  context: ActorContext<TLogic>,
  providerName: string,
): ActorContext<TLogic> {
  Object.assign(context.Provider, { displayName: providerName })
  return context
}
