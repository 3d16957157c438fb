import type { Query } from '../../common/api/client'
import type { ResourceDef } from './types'

export const PAGE_SIZE = 20

export interface SortState {
  field: string
  order: 'asc' | 'desc'
}

export interface ListState {
  page: number
  limit: number
  sort: SortState | null
  /** Applied filter values (the ones sent), keyed by filter key. */
  filters: Record<string, string>
}

export function initialListState(def: ResourceDef): ListState {
  return { page: 1, limit: PAGE_SIZE, sort: def.defaultSort ?? null, filters: { ...def.defaultFilters } }
}

/** The list request's query: page, limit, sortField, sortOrder (or the resource's own name for it), non-empty filters. */
export function buildListQuery(def: ResourceDef, state: ListState): Query & { page: number; limit: number } {
  const query: Query & { page: number; limit: number } = { page: state.page, limit: state.limit }
  if (state.sort) {
    query.sortField = state.sort.field
    query[def.sortOrderParam ?? 'sortOrder'] = state.sort.order
  }
  for (const [key, raw] of Object.entries(state.filters)) {
    const value = raw.trim()
    if (value !== '') query[key] = value
  }
  return query
}

/** Clicking a sort button: the same button again clears the sort, another one sets it; always back to page 1. */
export function toggleSort(state: ListState, field: string, order: 'asc' | 'desc'): ListState {
  const same = state.sort?.field === field && state.sort.order === order
  return { ...state, page: 1, sort: same ? null : { field, order } }
}

export function applyFilters(state: ListState, filters: Record<string, string>): ListState {
  const applied: Record<string, string> = {}
  for (const [key, value] of Object.entries(filters)) if (value.trim() !== '') applied[key] = value.trim()
  return { ...state, page: 1, filters: applied }
}

export function clearFilters(state: ListState): ListState {
  return { ...state, page: 1, filters: {} }
}
