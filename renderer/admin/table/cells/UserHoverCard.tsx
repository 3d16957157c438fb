import { useQuery } from '@tanstack/react-query'
import { useEffect, useRef, useState, type ReactNode } from 'react'
import { Avatar, Img } from '../../../common/components/Img'
import type { ListReply } from '../../../../server/contract/common'
import type { PostCard } from '../../../../server/contract/posts'
import type { FollowState, Profile } from '../../../../server/contract/users'
import { adminApi, errorMessage } from '../../api/http'
import { IMAGE_TIMEOUT_MS } from '../uploads'
import { followLabel, hasMemberSession, memberApi, setFollow } from './memberSession'

const SHOW_MS = 500
const HIDE_MS = 200
const WIDTH = 360
const HEIGHT = 300

/** The card's image of a note: its feed thumbnail, else its first image (a video note's cover). */
export function noteImage(p: PostCard): string | null {
  return p.thumbnail ?? p.image ?? p.images[0] ?? null
}

/** Follow state of the member signed in on this site towards this user, with a button to change it. */
function FollowButton({ userId }: { userId: string }) {
  const signedIn = hasMemberSession()
  const state = useQuery({
    queryKey: ['hover-follow', userId],
    queryFn: () => memberApi.get<FollowState>(`/users/${encodeURIComponent(userId)}/follow-status`),
    enabled: signedIn,
    retry: false,
  })
  const [error, setError] = useState('')
  if (!signedIn) return <span className="follow-state muted" title="在本站登录会员账号后可关注">未登录会员账号</span>
  if (state.isPending) return null
  if (state.isError) return <span className="follow-state muted">关注状态未知</span>
  const label = followLabel(state.data)
  if (label === null) return <span className="follow-state muted">这是你自己</span>
  const following = state.data.followed
  return (
    <span className="follow-state">
      <button
        type="button"
        className={`btn btn-sm${following ? '' : ' btn-primary'}`}
        onClick={() => {
          setError('')
          setFollow(userId, !following).then(() => state.refetch(), (err: unknown) => setError(errorMessage(err) || '操作失败'))
        }}
      >
        {label}
      </button>
      {error ? <span className="field-error">{error}</span> : null}
    </span>
  )
}


function Card({ userId }: { userId: string }) {
  const profile = useQuery({
    queryKey: ['hover-user', userId],
    queryFn: () => adminApi.get<Profile>(`/users/${encodeURIComponent(userId)}`),
    staleTime: 60_000,
  })
  const posts = useQuery({
    queryKey: ['hover-user-posts', userId],
    queryFn: async () => (await adminApi.get<ListReply<'posts', PostCard>>(`/users/${encodeURIComponent(userId)}/posts`, { page: 1, limit: 3 })).posts,
    staleTime: 60_000,
  })
  if (profile.isPending) return <div className="muted">加载中...</div>
  if (profile.isError) return <div className="muted">用户信息加载失败</div>
  const u = profile.data
  const verified = u.verified
  return (
    <>
      <div className="hover-head">
        <Avatar src={u.avatar} size={52} />
        <div className="hover-who">
          <div className="hover-name">
            {u.nickname}
            {verified > 0 ? <span className="verified-badge">{verified === 1 ? '官方认证' : '个人认证'}</span> : null}
          </div>
          <div className="muted">小石榴号：{u.user_id}</div>
        </div>
        <FollowButton userId={u.user_id} />
      </div>
      <p className="hover-bio">{u.bio || '还没有简介'}</p>
      <div className="hover-stats">
        <span>
          <b>{u.follow_count}</b> 关注
        </span>
        <span>
          <b>{u.fans_count}</b> 粉丝
        </span>
        <span>
          <b>{u.likes_and_collects}</b> 获赞与收藏
        </span>
      </div>
      <div className="hover-posts">
        {(posts.data ?? []).slice(0, 3).map((p) => {
          const img = noteImage(p)
          return img ? <Img key={p.id} src={img} alt={p.title} loading="eager" timeout={IMAGE_TIMEOUT_MS} /> : null
        })}
      </div>
    </>
  )
}

/** User hover card (desktop only): shows after 500 ms, hides 200 ms after the pointer leaves. */
export function UserHoverCard({ userId, children }: { userId: string; children: ReactNode }) {
  const [pos, setPos] = useState<{ left: number; top: number } | null>(null)
  const showTimer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined)
  const hideTimer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined)
  const anchor = useRef<HTMLSpanElement>(null)
  useEffect(
    () => () => {
      clearTimeout(showTimer.current)
      clearTimeout(hideTimer.current)
    },
    [],
  )
  const enter = () => {
    clearTimeout(hideTimer.current)
    if (pos || !window.matchMedia('(min-width: 961px) and (hover: hover)').matches) return
    showTimer.current = setTimeout(() => {
      const rect = anchor.current?.getBoundingClientRect()
      if (!rect) return
      const left = Math.min(rect.left, window.innerWidth - WIDTH - 8)
      const below = rect.bottom + 6
      const top = below + HEIGHT > window.innerHeight ? Math.max(8, rect.top - HEIGHT - 6) : below
      setPos({ left, top })
    }, SHOW_MS)
  }
  const leave = () => {
    clearTimeout(showTimer.current)
    hideTimer.current = setTimeout(() => setPos(null), HIDE_MS)
  }
  return (
    <span ref={anchor} className="hover-anchor" onMouseEnter={enter} onMouseLeave={leave}>
      {children}
      {pos ? (
        <div className="user-hover-card" style={{ left: pos.left, top: pos.top, width: WIDTH, height: HEIGHT }} role="tooltip">
          <Card userId={userId} />
        </div>
      ) : null}
    </span>
  )
}
