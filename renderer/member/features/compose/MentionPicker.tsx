import { useQuery } from '@tanstack/react-query'
import { useId, useState, type KeyboardEvent } from 'react'
import { Avatar } from '../../../common/components/Img'
import { Spinner } from '../../../common/components/Spinner'
import { useDebouncedValue } from '../../../common/hooks/useDebouncedValue'
import { nextIndex } from '../../../common/hooks/menuKeys'
import type { UserCard } from '../../api/types'
import { listFollows, searchUsers } from '../../api/users'
import { useSession } from '../../session/SessionContext'
import './compose.css'

const MIN_LOADING_MS = 500

async function atLeast<T>(p: Promise<T>, ms: number): Promise<T> {
  const [v] = await Promise.all([p, new Promise((r) => setTimeout(r, ms))])
  return v
}

/**
 * @-mention picker: search users (300 ms debounce, limit 50, ≥ 500 ms loading) or pick from the people you follow.
 * Keyboard (WAI-ARIA combobox with a listbox): focus stays in the search field, the arrows move the active option,
 * Enter picks it, Escape closes the picker (and only the picker: not the dialog it may sit in).
 */
export function MentionPicker({ onPick, onClose }: { onPick: (user: { nickname: string; userId: string }) => void; onClose: () => void }) {
  const listId = useId()
  const [active, setActive] = useState(-1)
  const { user } = useSession()
  const [keyword, setKeyword] = useState('')
  const debounced = useDebouncedValue(keyword.trim(), 300)
  const following = useQuery({
    queryKey: ['follows', user?.user_id, 'following', 'mention'],
    queryFn: async () => (await listFollows(user!.user_id, 'following', 1, 50)).users,
    enabled: Boolean(user),
    staleTime: 60_000,
  })
  const found = useQuery({
    queryKey: ['user-search', debounced],
    queryFn: () => atLeast(searchUsers(debounced, 50), MIN_LOADING_MS),
    enabled: debounced.length > 0,
    staleTime: 30_000,
  })
  const searching = debounced.length > 0
  const list: UserCard[] = searching ? found.data ?? [] : following.data ?? []
  const loading = searching ? found.isFetching : following.isLoading
  const shown = loading ? [] : list
  const current = active < shown.length ? active : -1

  const onKeyDown = (e: KeyboardEvent<HTMLInputElement>) => {
    if (e.key === 'Escape') {
      // handled here: the Escape must not also close a dialog around the picker (the note viewer)
      e.preventDefault()
      e.stopPropagation()
      onClose()
      return
    }
    if (e.key === 'Enter') {
      const u = shown[current]
      if (u) {
        e.preventDefault()
        onPick({ nickname: u.nickname, userId: u.user_id })
      }
      return
    }
    const next = nextIndex(current, shown.length, e.key)
    if (next !== null && (e.key === 'ArrowDown' || e.key === 'ArrowUp')) {
      e.preventDefault()
      setActive(next)
    }
  }

  return (
    <div className="mention-panel" role="dialog" aria-label="选择要@的人" onMouseDown={(e) => e.stopPropagation()}>
      <input
        className="field-input mention-search"
        placeholder="搜索用户"
        aria-label="搜索用户"
        role="combobox"
        aria-expanded={shown.length > 0}
        aria-controls={listId}
        aria-autocomplete="list"
        aria-activedescendant={current >= 0 ? `${listId}-${current}` : undefined}
        value={keyword}
        autoFocus
        onKeyDown={onKeyDown}
        onChange={(e) => {
          setKeyword(e.target.value)
          setActive(-1)
        }}
      />
      <div className="mention-title" aria-hidden>
        {searching ? '搜索结果' : '我的关注'}
      </div>
      {/* the listbox holds options only: the spinner and the empty text sit beside it */}
      {loading ? (
        <div className="mention-list">
          <Spinner size={20} />
        </div>
      ) : list.length === 0 ? (
        <div className="mention-list">
          <div className="mention-empty">{searching ? '没有找到相关用户' : '还没有关注任何人'}</div>
        </div>
      ) : (
        <div className="mention-list" id={listId} role="listbox" aria-label={searching ? '搜索结果' : '我的关注'}>
          {shown.map((u, i) => (
            <button
              type="button"
              key={u.user_id}
              id={`${listId}-${i}`}
              role="option"
              aria-selected={i === current}
              tabIndex={-1}
              className={`mention-item ${i === current ? 'is-active' : ''}`}
              onMouseDown={(e) => e.preventDefault()}
              onClick={() => onPick({ nickname: u.nickname, userId: u.user_id })}
            >
              <Avatar src={u.avatar} size={32} />
              <span className="mention-name">{u.nickname}</span>
              <span className="mention-id">@{u.user_id}</span>
            </button>
          ))}
        </div>
      )}
    </div>
  )
}
