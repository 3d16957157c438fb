import { useQuery } from '@tanstack/react-query'
import { useEffect, useRef, useState, type ReactNode } from 'react'
import { createPortal } from 'react-dom'
import { VerifiedBadge } from '../../../common/components/VerifiedBadge'
import { Avatar, Img } from '../../../common/components/Img'
import { useMediaQuery } from '../../../common/hooks/useMediaQuery'
import { formatCount } from '../../../common/utils/format'
import { getProfile, listUserPosts } from '../../api/users'
import { FollowButton } from '../interactions/FollowButton'
import { coverOf } from '../feed/probe'
import './profile.css'
import { AppLink } from '../../../common/components/AppLink'

const SHOW_DELAY = 500
const HIDE_DELAY = 200

function HoverCardBody({ userId }: { userId: string }) {
  const profile = useQuery({ queryKey: ['profile', userId], queryFn: () => getProfile(userId), staleTime: 60_000, retry: false })
  const covers = useQuery({ queryKey: ['profile', userId, 'covers'], queryFn: async () => (await listUserPosts(userId, 'posts', 1, 3)).posts, staleTime: 60_000, retry: false })
  const p = profile.data
  if (!p) return <div className="hover-card-loading">{profile.isError ? '用户不存在' : '加载中...'}</div>
  return (
    <>
      <div className="hover-card-head">
        <AppLink href={`/user/${p.user_id}`}>
          <Avatar src={p.avatar} size={48} />
        </AppLink>
        <div className="hover-card-names">
          <b>
            {p.nickname}
            <VerifiedBadge level={p.verified} />
          </b>
          <span>石榴号：{p.user_id}</span>
        </div>
        <FollowButton userId={p.user_id} size="sm" />
      </div>
      <p className="hover-card-bio">{p.bio || '用户没有任何简介'}</p>
      <div className="hover-card-stats">
        <span>
          <b>{formatCount(p.follow_count, { k: true })}</b> 关注
        </span>
        <span>
          <b>{formatCount(p.fans_count, { k: true })}</b> 粉丝
        </span>
        <span>
          <b>{formatCount(p.likes_and_collects, { k: true })}</b> 获赞与收藏
        </span>
      </div>
      {(covers.data?.length ?? 0) > 0 && (
        <div className="hover-card-covers">
          {covers.data!.slice(0, 3).map((post) => (
            <Img key={post.id} src={coverOf(post)} alt="" />
          ))}
        </div>
      )}
    </>
  )
}

/** Desktop hover card over an author/user link: shown after 500 ms, stays while the pointer is on it. */
export function UserHoverCard({ userId, children }: { userId: string; children: ReactNode }) {
  const canHover = useMediaQuery('(hover: hover) and (min-width: 769px)')
  const anchor = useRef<HTMLSpanElement>(null)
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined)
  const [pos, setPos] = useState<{ left: number; top: number } | null>(null)

  useEffect(() => () => clearTimeout(timer.current), [])

  const show = () => {
    clearTimeout(timer.current)
    timer.current = setTimeout(() => {
      const r = anchor.current?.getBoundingClientRect()
      if (!r) return
      const left = Math.min(Math.max(8, r.left), window.innerWidth - 328)
      const below = r.bottom + 8
      setPos({ left, top: below + 260 > window.innerHeight ? Math.max(8, r.top - 268) : below })
    }, SHOW_DELAY)
  }
  const hide = () => {
    clearTimeout(timer.current)
    timer.current = setTimeout(() => setPos(null), HIDE_DELAY)
  }

  if (!canHover || !userId) return <>{children}</>
  return (
    <span ref={anchor} className="hover-anchor" onMouseEnter={show} onMouseLeave={hide}>
      {children}
      {pos &&
        createPortal(
          <div className="hover-card" style={{ left: pos.left, top: pos.top }} onMouseEnter={() => clearTimeout(timer.current)} onMouseLeave={hide} onClick={(e) => e.stopPropagation()}>
            <HoverCardBody userId={userId} />
          </div>,
          document.body,
        )}
    </span>
  )
}
