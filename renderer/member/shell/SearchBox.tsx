import { useEffect, useRef, useState, type FormEvent } from 'react'
import { useLocation, useNavigate, useSearchParams } from 'react-router'
import { Icon } from '../../common/components/Icon'
import { useSearchHistory } from '../features/search/useSearchHistory'

export interface SearchBoxProps {
  autoFocus?: boolean
  onDone?: () => void
}

/** Header search with the 5 most recent searches and an edit mode (delete one, clear all, done). */
export function SearchBox({ autoFocus, onDone }: SearchBoxProps) {
  const navigate = useNavigate()
  const location = useLocation()
  const [params] = useSearchParams()
  const onSearchPage = location.pathname.startsWith('/search_result')
  const [value, setValue] = useState(() => (onSearchPage ? params.get('keyword') ?? '' : ''))
  const [open, setOpen] = useState(false)
  const [editing, setEditing] = useState(false)
  const { history, add, remove, clear } = useSearchHistory()
  const boxRef = useRef<HTMLDivElement>(null)
  const inputRef = useRef<HTMLInputElement>(null)

  // The box follows the URL's keyword when it changes from elsewhere (back / forward, a tag or a link), not when
  // the URL catches up with the search this box just ran: the member may already be typing the next one (the
  // navigation renders in a transition, after the address has changed).
  const urlKeyword = onSearchPage ? (params.get('keyword') ?? '') : null
  const shownKeyword = useRef(urlKeyword)
  useEffect(() => {
    if (urlKeyword !== null && urlKeyword !== shownKeyword.current) setValue(urlKeyword)
    shownKeyword.current = urlKeyword
  }, [urlKeyword])

  useEffect(() => {
    if (!open) return
    const onDown = (e: MouseEvent) => {
      if (boxRef.current && !boxRef.current.contains(e.target as Node)) {
        setOpen(false)
        setEditing(false)
      }
    }
    document.addEventListener('mousedown', onDown)
    return () => document.removeEventListener('mousedown', onDown)
  }, [open])

  const run = (term: string) => {
    const t = term.trim()
    if (!t) return
    add(t)
    setValue(t)
    shownKeyword.current = t
    setOpen(false)
    setEditing(false)
    inputRef.current?.blur()
    const tab = onSearchPage ? location.pathname.split('/')[2] ?? 'all' : 'all'
    navigate(`/search_result/${tab}?keyword=${encodeURIComponent(t)}`)
    onDone?.()
  }

  const onSubmit = (e: FormEvent) => {
    e.preventDefault()
    run(value)
  }

  return (
    <div className="search-box" ref={boxRef}>
      <form className="search-form" onSubmit={onSubmit} role="search">
        <input
          className="search-input"
          type="search"
          placeholder="搜索石榴"
          value={value}
          autoFocus={autoFocus}
          aria-label="搜索"
          enterKeyHint="search"
          onChange={(e) => setValue(e.target.value)}
          ref={inputRef}
          onFocus={() => setOpen(true)}
          onClick={() => setOpen(true)}
        />
        {value && (
          <button type="button" className="search-clear" aria-label="清空" onClick={() => setValue('')}>
            <Icon name="close" size={16} />
          </button>
        )}
        <button type="submit" className="search-submit" aria-label="搜索">
          <Icon name="search" size={18} />
        </button>
      </form>
      {open && (
        <div className="search-dropdown" role="listbox" aria-label="搜索历史">
          <div className="search-dropdown-head">
            <span>历史记录</span>
            {history.length > 0 &&
              (editing ? (
                <span className="search-edit-actions">
                  <button type="button" onClick={clear}>
                    全部删除
                  </button>
                  <button type="button" className="done" onClick={() => setEditing(false)}>
                    完成
                  </button>
                </span>
              ) : (
                <button type="button" aria-label="编辑历史记录" onClick={() => setEditing(true)}>
                  <Icon name="trash" size={16} />
                </button>
              ))}
          </div>
          {history.length === 0 ? (
            <div className="search-empty">暂无搜索记录</div>
          ) : (
            <div className="search-history">
              {history.map((h) => (
                <span key={h} className="search-chip">
                  <button type="button" className="search-chip-text" onClick={() => (editing ? remove(h) : run(h))}>
                    {h}
                  </button>
                  {editing && (
                    <button type="button" className="search-chip-remove" aria-label={`删除 ${h}`} onClick={() => remove(h)}>
                      <Icon name="close" size={12} />
                    </button>
                  )}
                </span>
              ))}
            </div>
          )}
        </div>
      )}
    </div>
  )
}
