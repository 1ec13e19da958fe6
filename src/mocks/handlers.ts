import type { RequestHandler } from 'msw'
import type { VigilConfig } from '@/auth/config'
import { apiHandlers } from './api'

/** The handlers the worker serves for a configuration: the product API when mocking. */
export function mockHandlers(config: VigilConfig): RequestHandler[] {
  return config.mockApi ? apiHandlers : []
}
