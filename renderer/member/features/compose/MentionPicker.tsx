import { useQuery } from '@tanstack/react-query'
import { useState } from 'react'
import { Avatar } from '../../../common/components/Img'
import { Spinner } from '../../../common/components/Spinner'
import { useDebouncedValue } from '../../../common/hooks/useDebouncedValue'
import type { UserCard } from '../../api/types'
import { listFollows, searchUsers } from '../../api/users'
import { useSession } from '../../session/SessionContext'
import './compose.css'

const MIN_LOADING_MS = 500

async function atLeast<T>(p: Promise<T>, ms: number): Promise<T> {
  const [v] = await Promise.all([p, new Promise((r) => setTimeout(r, ms))])
  return v
}

/** @-mention picker: search users (300 ms debounce, limit 50, ≥ 500 ms loading) or pick from the people you follow. */
export function MentionPicker({ onPick }: { onPick: (user: { nickname: string; userId: string }) => void }) {
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

  return (
    <div className="mention-panel" role="dialog" aria-label="选择要@的人" onMouseDown={(e) => e.stopPropagation()}>
      <input className="field-input mention-search" placeholder="搜索用户" value={keyword} autoFocus onChange={(e) => setKeyword(e.target.value)} />
      <div className="mention-title">{searching ? '搜索结果' : '我的关注'}</div>
      <div className="mention-list">
        {loading ? (
          <Spinner size={20} />
        ) : list.length === 0 ? (
          <div className="mention-empty">{searching ? '没有找到相关用户' : '还没有关注任何人'}</div>
        ) : (
          list.map((u) => (
            <button type="button" key={u.user_id} className="mention-item" onMouseDown={(e) => e.preventDefault()} onClick={() => onPick({ nickname: u.nickname, userId: u.user_id })}>
              <Avatar src={u.avatar} size={32} />
              <span className="mention-name">{u.nickname}</span>
              <span className="mention-id">@{u.user_id}</span>
            </button>
          ))
        )}
      </div>
    </div>
  )
}
