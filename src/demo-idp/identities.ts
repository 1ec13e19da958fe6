/** The people a visitor can sign in as in demo mode. */
export interface DemoIdentity {
  givenName: string
  familyName: string
  email: string
  picture?: string
}

export const demoIdentities: DemoIdentity[] = [
  { givenName: 'Ada', familyName: 'Lovelace', email: 'ada.lovelace@vigil.dev' },
  { givenName: 'Grace', familyName: 'Hopper', email: 'grace.hopper@vigil.dev' },
  { givenName: 'Alan', familyName: 'Turing', email: 'alan.turing@vigil.dev' },
]

/** A stable subject for an identity, shaped like Kinde's user ids. */
export function subjectOf(identity: DemoIdentity): string {
  return `kp_${identity.email.toLowerCase().replace(/[^a-z0-9]+/g, '_')}`
}
