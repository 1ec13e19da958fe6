import type { InspectionEvent, Observer } from 'xstate'

type Inspect = Observer<InspectionEvent> | ((event: InspectionEvent) => void)

let inspect: Inspect | undefined

/** Connects every actor created from now on to a state-chart inspector (development only). */
export function setInspector(observer: Inspect | undefined): void {
  inspect = observer
}

/** Options for createActor and useActorRef: the inspector, when one is connected. */
export function inspection(): { inspect?: Inspect } {
  return inspect ? { inspect } : {}
}
