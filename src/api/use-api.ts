import { useContext } from 'react'
import useSWR, { type SWRConfiguration } from 'swr'
import { useAuth, useTokenGetter, useTokenRenewal, useTokenSender } from '@/state/auth'
import { ApiFetchContext } from './api-fetch'
import { apiRequest } from './request'

/**
 * The product API's reads: cached, no revalidation on focus, no retry on error. SWR's own defaults
 * already are the rest of the product's data-fetching defaults: dedupe 2 s, focus throttle 5 s, error retry 5 s (10 s on slow
 * connections), loading-slow 3 s (5 s on slow connections).
 */
export const apiSwrOptions: SWRConfiguration = { revalidateOnFocus: false, shouldRetryOnError: false }

/** An authenticated GET, cached per signed-in user so one user's answers never show to another. */
export function useApi<T>(path: string) {
  const getToken = useTokenGetter()
  const renewToken = useTokenRenewal()
  const send = useTokenSender(useContext(ApiFetchContext))
  const { user } = useAuth()
  return useSWR<T, Error>(
    ['api', path, user?.id ?? ''],
    () => apiRequest<T>(path, getToken, send, renewToken),
    apiSwrOptions,
  )
}

export interface PingResponse {
  current_time: string
  user_id: string
}

export function usePing() {
  return useApi<PingResponse>('/ping/')
}
