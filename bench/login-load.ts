/**
 * Logins per second at BENCH_CONNECTIONS (32) concurrent logins, and the signed-in feed's p99 measured at the
 * same time (4 connections): password hashing must not stall reads (server/auth/passwords.ts). The feed's p99
 * alone, from the same run, is printed beside it. Target on the 2-core reference machine: ≥ 40 logins/s.
 */
import { loadavg } from 'node:os'
import autocannon from 'autocannon'

export interface LoginLoadInput {
  url: string
  connections: number
  seconds: number
  login: { path: string; body: unknown }
  feed: { path: string; token: string }
  /** The feed's p99 without login load, from the run's own scenario, for comparison. */
  feedP99Alone: number | null
}

export async function measureLoginLoad(input: LoginLoadInput): Promise<string> {
  const load = loadavg()[0]!.toFixed(1)
  const [logins, feed] = await Promise.all([
    autocannon({
      url: input.url + input.login.path,
      method: 'POST',
      connections: input.connections,
      duration: input.seconds,
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(input.login.body),
    }),
    autocannon({ url: input.url + input.feed.path, connections: 4, duration: input.seconds, headers: { authorization: `Bearer ${input.feed.token}` } }),
  ])
  const failed = logins.non2xx + logins.errors
  return (
    `${`logins at ${input.connections} concurrent`.padEnd(40)} ${logins.requests.average.toFixed(1).padStart(7)} logins/s   p50 ${logins.latency.p50} ms   p99 ${logins.latency.p99} ms` +
    `${failed ? `   failed ${failed}` : ''}   | feed (signed in) p99 ${feed.latency.p99} ms under it, ${input.feedP99Alone ?? '?'} ms alone` +
    `   (load average ${load} at start)`
  )
}
