import { useEffect, useRef, useState, type FormEvent, type KeyboardEvent } from 'react'
import { useLocation, useNavigate, useSearchParams } from 'react-router'
import { Icon } from '../../common/components/Icon'
import { useSearchHistory } from '../features/search/useSearchHistory'
import { useSuggestions, type Suggestion } from '../features/search/useSuggestions'

const LIST_ID = 'search-suggestions'
const optionId = (i: number) => `search-suggestion-${i}`

export interface SearchBoxProps {
  autoFocus?: boolean
  onDone?: () => void
}

/**
 * Header search with the 5 most recent searches and an edit mode (delete one, clear all, done); while text is
 * typed, suggestions instead (tags, people, note titles: a combobox and its listbox; ↑/↓ move, Enter picks,
 * Escape closes).
 */
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
  const suggestions = useSuggestions(value)
  const [active, setActive] = useState(-1)
  // Suggestions once something is typed; opening the box on a kept keyword shows the history (the spec's search dropdown).
  const [typed, setTyped] = useState(false)
  const showSuggestions = open && typed && value.trim() !== '' && suggestions.length > 0
  useEffect(() => setActive(-1), [suggestions])

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
    setTyped(false)
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
    const picked = showSuggestions ? suggestions[active] : undefined
    if (picked) pick(picked)
    else run(value)
  }

  const pick = (s: Suggestion) => {
    setOpen(false)
    setTyped(false)
    setActive(-1)
    inputRef.current?.blur()
    navigate(s.to)
    onDone?.()
  }

  const onKeyDown = (e: KeyboardEvent<HTMLInputElement>) => {
    if (e.key === 'Escape') {
      if (open) e.preventDefault()
      setOpen(false)
      setActive(-1)
      return
    }
    if (e.key !== 'ArrowDown' && e.key !== 'ArrowUp') return
    e.preventDefault()
    if (!open) setOpen(true)
    if (suggestions.length === 0 || value.trim() === '') return
    // -1 (the typed text) and the options form one ring.
    const step = e.key === 'ArrowDown' ? 1 : -1
    const ring = suggestions.length + 1
    setActive((i) => ((i + 1 + step + ring) % ring) - 1)
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
          onChange={(e) => {
            setValue(e.target.value)
            setTyped(true)
            setOpen(true)
          }}
          onKeyDown={onKeyDown}
          role="combobox"
          aria-autocomplete="list"
          aria-expanded={showSuggestions}
          aria-controls={showSuggestions ? LIST_ID : undefined}
          aria-activedescendant={showSuggestions && active >= 0 ? optionId(active) : undefined}
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
      {showSuggestions && (
        <ul className="search-dropdown search-suggestions" id={LIST_ID} role="listbox" aria-label="搜索建议">
          {suggestions.map((item, i) => (
            <li
              key={item.key}
              id={optionId(i)}
              role="option"
              aria-selected={i === active}
              className={`search-suggestion ${i === active ? 'is-active' : ''}`}
              // mousedown would blur the input first; picking happens on click
              onMouseDown={(e) => e.preventDefault()}
              onMouseEnter={() => setActive(i)}
              onClick={() => pick(item)}
            >
              <span className="search-suggestion-label">{item.label}</span>
              <span className="search-suggestion-meta">{item.meta}</span>
            </li>
          ))}
        </ul>
      )}
      {open && !showSuggestions && (
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
