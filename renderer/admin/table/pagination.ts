export type PageItem = number | 'ellipsis-left' | 'ellipsis-right'

/** Page numbers to show: all of them up to 7 pages, otherwise first, last, a window around the current page and ellipses. */
export function pageNumbers(current: number, pages: number): PageItem[] {
  const total = Math.max(1, Math.floor(pages))
  const page = Math.min(Math.max(1, Math.floor(current)), total)
  if (total <= 7) return Array.from({ length: total }, (_, i) => i + 1)
  if (page <= 4) return [1, 2, 3, 4, 5, 'ellipsis-right', total]
  if (page >= total - 3) return [1, 'ellipsis-left', total - 4, total - 3, total - 2, total - 1, total]
  return [1, 'ellipsis-left', page - 1, page, page + 1, 'ellipsis-right', total]
}

export function paginationText(total: number, page: number, pages: number): string {
  return `${total} 条记录，第 ${page} / ${Math.max(1, pages)} 页`
}
