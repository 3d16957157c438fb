// @vitest-environment happy-dom
import { act, renderHook } from '@testing-library/react'
import { beforeEach, describe, expect, it } from 'vitest'
import { addToHistory, loadHistory, removeFromHistory, SEARCH_HISTORY_KEY } from '../../renderer/member/features/search/history'
import { useSearchHistory } from '../../renderer/member/features/search/useSearchHistory'

describe('search history rules', () => {
  it('ignores blank terms', () => {
    expect(addToHistory(['a'], '   ')).toEqual(['a'])
  })
  it('puts the newest first, keeps terms unique and trims', () => {
    expect(addToHistory(['a', 'b', 'c'], ' b ')).toEqual(['b', 'a', 'c'])
  })
  it('keeps at most 5', () => {
    let h: string[] = []
    for (const t of ['1', '2', '3', '4', '5', '6', '7']) h = addToHistory(h, t)
    expect(h).toEqual(['7', '6', '5', '4', '3'])
  })
  it('removes one term', () => {
    expect(removeFromHistory(['a', 'b'], 'a')).toEqual(['b'])
  })
  it('survives corrupt storage', () => {
    localStorage.setItem(SEARCH_HISTORY_KEY, '{oops')
    expect(loadHistory()).toEqual([])
  })
})

describe('useSearchHistory', () => {
  beforeEach(() => localStorage.clear())

  it('adds, removes and clears, persisting to localStorage', () => {
    const { result } = renderHook(() => useSearchHistory())
    act(() => result.current.add('考研'))
    act(() => result.current.add('期末复习'))
    act(() => result.current.add('考研'))
    expect(result.current.history).toEqual(['考研', '期末复习'])
    expect(JSON.parse(localStorage.getItem(SEARCH_HISTORY_KEY)!)).toEqual(['考研', '期末复习'])
    act(() => result.current.remove('考研'))
    expect(result.current.history).toEqual(['期末复习'])
    act(() => result.current.clear())
    expect(result.current.history).toEqual([])
    expect(loadHistory()).toEqual([])
  })
})
