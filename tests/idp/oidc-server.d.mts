export declare const OIDC_CLIENT_ID: string
export declare const OIDC_SCOPE: string
export declare function startOidcProvider(options?: {
  port?: number
  host?: string
  accessTokenTtl?: number
  appOrigins?: string[]
}): Promise<{
  issuer: string
  /** Answers the next `count` POSTs to the token endpoint with 503 temporarily_unavailable. */
  failTokenRequests: (count: number) => void
  close: () => Promise<void>
}>
