import type { QueryClient, QueryKey } from '@tanstack/react-query'

/*
 * What a stream event does to the query cache. A fetch still in flight when the event arrives was answered, or
 * will be, from a state older than the event: left to land, it puts the older state back (a badge that drops to
 * the count before the report that moved it, a notification list without the comment just announced, until the
 * next poll). TanStack Query would keep such a fetch: a refetch of a query that has no data yet joins the fetch
 * in flight instead of starting a new one. So each helper cancels it first; a fetch that starts afterwards reads
 * at least the state the event announced.
 */

async function dropFetchesInFlight(qc: QueryClient, queryKey: QueryKey): Promise<void> {
  if (qc.isFetching({ queryKey }) > 0) await qc.cancelQueries({ queryKey })
}

/** Put a value the server pushed into a query; a query left without data (a partial push) is fetched again. */
export async function setPushedData<T>(qc: QueryClient, queryKey: QueryKey, update: (previous: T | undefined) => T | undefined): Promise<void> {
  await dropFetchesInFlight(qc, queryKey)
  qc.setQueryData<T>(queryKey, update)
  if (qc.getQueryData<T>(queryKey) === undefined) await qc.invalidateQueries({ queryKey, exact: true })
}

/** Fetch again every query under `queryKey` after an event that changed what they show. */
export async function refetchAfterPush(qc: QueryClient, queryKey: QueryKey): Promise<void> {
  await dropFetchesInFlight(qc, queryKey)
  await qc.invalidateQueries({ queryKey })
}
