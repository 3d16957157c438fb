// @vitest-environment happy-dom
import { cleanup, fireEvent, render, screen } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { PaginationBar } from '../../../renderer/admin/table/PaginationBar'
import { pageNumbers, paginationText } from '../../../renderer/admin/table/pagination'

afterEach(cleanup)

describe('pageNumbers', () => {
  it('shows every page up to 7 pages', () => {
    expect(pageNumbers(1, 1)).toEqual([1])
    expect(pageNumbers(3, 5)).toEqual([1, 2, 3, 4, 5])
    expect(pageNumbers(7, 7)).toEqual([1, 2, 3, 4, 5, 6, 7])
  })

  it('uses ellipses above 7 pages', () => {
    expect(pageNumbers(1, 8)).toEqual([1, 2, 3, 4, 5, 'ellipsis-right', 8])
    expect(pageNumbers(4, 20)).toEqual([1, 2, 3, 4, 5, 'ellipsis-right', 20])
    expect(pageNumbers(10, 20)).toEqual([1, 'ellipsis-left', 9, 10, 11, 'ellipsis-right', 20])
    expect(pageNumbers(17, 20)).toEqual([1, 'ellipsis-left', 16, 17, 18, 19, 20])
    expect(pageNumbers(20, 20)).toEqual([1, 'ellipsis-left', 16, 17, 18, 19, 20])
  })

  it('never shows more than 7 items and always includes first, current and last', () => {
    for (let pages = 1; pages <= 40; pages++) {
      for (let page = 1; page <= pages; page++) {
        const items = pageNumbers(page, pages)
        expect(items.length).toBeLessThanOrEqual(7)
        expect(items).toContain(1)
        expect(items).toContain(page)
        expect(items).toContain(pages)
      }
    }
  })

  it('clamps out-of-range input', () => {
    expect(pageNumbers(0, 0)).toEqual([1])
    expect(pageNumbers(99, 3)).toEqual([1, 2, 3])
  })

  it('formats the total text', () => {
    expect(paginationText(123, 2, 7)).toBe('123 条记录，第 2 / 7 页')
    expect(paginationText(0, 1, 0)).toBe('0 条记录，第 1 / 1 页')
  })
})

describe('PaginationBar', () => {
  it('renders numbers with ellipses and reports clicks and hovers', () => {
    const onPage = vi.fn()
    const onHover = vi.fn()
    render(<PaginationBar page={10} pages={20} total={400} onPage={onPage} onHoverPage={onHover} />)
    expect(screen.getByText('400 条记录，第 10 / 20 页')).toBeTruthy()
    const labels = screen.getAllByRole('button').map((b) => b.textContent)
    expect(labels).toEqual(['上一页', '1', '9', '10', '11', '20', '下一页'])
    expect(screen.getAllByText('…')).toHaveLength(2)
    expect(screen.getByRole('button', { name: '10' }).getAttribute('aria-current')).toBe('page')

    fireEvent.click(screen.getByRole('button', { name: '11' }))
    expect(onPage).toHaveBeenCalledWith(11)
    fireEvent.mouseEnter(screen.getByRole('button', { name: '下一页' }))
    expect(onHover).toHaveBeenCalledWith(11)
    fireEvent.mouseEnter(screen.getByRole('button', { name: '10' }))
    expect(onHover).toHaveBeenCalledTimes(1)
  })

  it('disables previous on the first page and next on the last', () => {
    render(<PaginationBar page={1} pages={1} total={3} onPage={() => undefined} />)
    expect((screen.getByRole('button', { name: '上一页' }) as HTMLButtonElement).disabled).toBe(true)
    expect((screen.getByRole('button', { name: '下一页' }) as HTMLButtonElement).disabled).toBe(true)
  })
})
