// @vitest-environment happy-dom
import { QueryClient, QueryClientProvider } from '@tanstack/react-query'
import { cleanup, fireEvent, render, screen, within } from '@testing-library/react'
import { useState } from 'react'
import { afterEach, describe, expect, it } from 'vitest'
import { audit } from '../../../renderer/admin/resources/audit'
import { users } from '../../../renderer/admin/resources/users'
import { FilterBar } from '../../../renderer/admin/table/FilterBar'
import { applyFilters, buildListQuery, clearFilters, initialListState, toggleSort, type ListState } from '../../../renderer/admin/table/query'

afterEach(cleanup)

describe('list query', () => {
  it('starts at page 1 with the default page size of 20', () => {
    expect(buildListQuery(users, initialListState(users))).toEqual({ page: 1, limit: 20 })
  })

  it('sends sortField and sortOrder, toggling off when the same button is pressed again', () => {
    let state = { ...initialListState(users), page: 3 }
    state = toggleSort(state, 'fans_count', 'desc')
    expect(buildListQuery(users, state)).toEqual({ page: 1, limit: 20, sortField: 'fans_count', sortOrder: 'desc' })
    state = toggleSort(state, 'fans_count', 'asc')
    expect(buildListQuery(users, state)).toMatchObject({ sortField: 'fans_count', sortOrder: 'asc' })
    state = toggleSort(state, 'fans_count', 'asc')
    expect(buildListQuery(users, state)).toEqual({ page: 1, limit: 20 })
  })

  it('uses the audit screen’s own sort parameter name and default sort', () => {
    expect(buildListQuery(audit, initialListState(audit))).toEqual({ page: 1, limit: 20, sortField: 'created_at', order: 'desc' })
  })

  it('sends trimmed, non-empty filters and resets to page 1', () => {
    const state = applyFilters({ ...initialListState(users), page: 4 }, { nickname: '  云鲸 ', location: '', is_active: '0' })
    expect(buildListQuery(users, state)).toEqual({ page: 1, limit: 20, nickname: '云鲸', is_active: '0' })
    expect(buildListQuery(users, clearFilters(state))).toEqual({ page: 1, limit: 20 })
  })
})

function Harness() {
  const [state, setState] = useState<ListState>(initialListState(users))
  return (
    <>
      <FilterBar filters={users.filters} applied={state.filters} onApply={(f) => setState(applyFilters(state, f))} onClear={() => setState(clearFilters(state))} />
      <output data-testid="query">{JSON.stringify(buildListQuery(users, state))}</output>
    </>
  )
}

describe('FilterBar', () => {
  it('applies select and text filters on 筛选 and clears them on 清空', () => {
    render(
      <QueryClientProvider client={new QueryClient()}>
        <Harness />
      </QueryClientProvider>,
    )
    fireEvent.change(screen.getByRole('combobox', { name: '封禁状态' }), { target: { value: '0' } })
    fireEvent.change(screen.getByRole('textbox', { name: '昵称' }), { target: { value: '山月' } })
    expect(JSON.parse(screen.getByTestId('query').textContent ?? '')).toEqual({ page: 1, limit: 20 })
    fireEvent.click(within(screen.getByRole('search')).getByRole('button', { name: '筛选' }))
    expect(JSON.parse(screen.getByTestId('query').textContent ?? '')).toEqual({ page: 1, limit: 20, is_active: '0', nickname: '山月' })
    fireEvent.click(screen.getByRole('button', { name: '清空' }))
    expect(JSON.parse(screen.getByTestId('query').textContent ?? '')).toEqual({ page: 1, limit: 20 })
    expect((screen.getByRole('textbox', { name: '昵称' }) as HTMLInputElement).value).toBe('')
  })
})
