import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query'
import { useCallback, useEffect } from 'react'
import { adminApi, type ListResult } from '../api/http'
import { buildListQuery, type ListState } from './query'
import { worthRetrying } from './messages'
import type { ResourceDef, Row } from './types'

export function listKey(def: ResourceDef) {
  return ['admin-list', def.endpoint] as const
}

function fetchPage(def: ResourceDef, state: ListState): Promise<ListResult<Row>> {
  return adminApi.list<Row>(def.endpoint, buildListQuery(def, state))
}

/** The current page of a resource, plus prefetch of other pages and a cache reset. */
export function useResourceList(def: ResourceDef, state: ListState) {
  const queryClient = useQueryClient()
  const query = useQuery({
    queryKey: [...listKey(def), buildListQuery(def, state)],
    queryFn: () => fetchPage(def, state),
    placeholderData: keepPreviousData,
    staleTime: 30_000,
    retry: worthRetrying,
  })
  // A new filter or sort makes every other cached page of this resource obsolete: drop them once the old
  // query has no observer left (after the switch), so nothing is fetched twice.
  const filterSortKey = JSON.stringify([state.filters, state.sort])
  useEffect(() => {
    queryClient.removeQueries({ queryKey: listKey(def), type: 'inactive' })
  }, [filterSortKey, queryClient, def])

  useEffect(() => {
    // Shown in the table with a retry (ResourceTable), and logged as the spec says (§8).
    if (query.error) console.error(`[admin] 加载${def.title}失败`, query.error)
  }, [query.error, def.title])

  const prefetch = useCallback(
    (page: number) => {
      const next = { ...state, page }
      void queryClient.prefetchQuery({ queryKey: [...listKey(def), buildListQuery(def, next)], queryFn: () => fetchPage(def, next), staleTime: 30_000 })
    },
    [queryClient, def, state],
  )

  /** After a create, update or delete: drops every cached page of this resource and reloads the shown one. */
  const resetCache = useCallback(() => {
    queryClient.removeQueries({ queryKey: listKey(def), type: 'inactive' })
    return queryClient.invalidateQueries({ queryKey: listKey(def) })
  }, [queryClient, def])

  return { query, prefetch, resetCache }
}
