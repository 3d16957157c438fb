import { ApiError } from '../../../common/api/errors'

/**
 * The message for a failed interaction: the server's own words when it refused (403, e.g. 「由于对方的设置，
 * 你无法进行此操作」 from a member who blocked you), else the generic fallback.
 */
export function refusalMessage(err: unknown, fallback: string): string {
  return err instanceof ApiError && err.status === 403 && err.message ? err.message : fallback
}
