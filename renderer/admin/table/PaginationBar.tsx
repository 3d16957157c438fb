import { pageNumbers, paginationText } from './pagination'

interface PaginationBarProps {
  page: number
  pages: number
  total: number
  onPage: (page: number) => void
  /** Called when the pointer rests on a page control (prefetch). */
  onHoverPage?: (page: number) => void
}

export function PaginationBar({ page, pages, total, onPage, onHoverPage }: PaginationBarProps) {
  const go = (p: number) => () => onPage(p)
  const hover = (p: number) => () => {
    if (p >= 1 && p <= pages && p !== page) onHoverPage?.(p)
  }
  return (
    <nav className="pagination" aria-label="分页">
      <span className="pagination-total">{paginationText(total, page, pages)}</span>
      <div className="pagination-pages">
        <button type="button" className="page-btn" disabled={page <= 1} onClick={go(page - 1)} onMouseEnter={hover(page - 1)}>
          上一页
        </button>
        {pageNumbers(page, pages).map((item) =>
          typeof item === 'number' ? (
            <button
              key={item}
              type="button"
              className={`page-btn${item === page ? ' active' : ''}`}
              aria-current={item === page ? 'page' : undefined}
              onClick={go(item)}
              onMouseEnter={hover(item)}
            >
              {item}
            </button>
          ) : (
            <span key={item} className="page-ellipsis">
              …
            </span>
          ),
        )}
        <button type="button" className="page-btn" disabled={page >= pages} onClick={go(page + 1)} onMouseEnter={hover(page + 1)}>
          下一页
        </button>
      </div>
    </nav>
  )
}
