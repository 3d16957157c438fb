import { useInfiniteQuery } from '@tanstack/react-query'
import { Link } from 'react-router'
import { Avatar } from '../../../common/components/Img'
import { formatTime } from '../../../common/utils/format'
import { listBlocks } from '../../api/users'
import { useBlock } from './useBlock'
import './blocks.css'

const PAGE = 20

/** 账号与安全 → 黑名单: the members the signed-in member blocked, each with 解除拉黑. */
export function BlacklistPanel({ onNavigate }: { onNavigate?: () => void }) {
  const { change, busy } = useBlock()
  const q = useInfiniteQuery({
    queryKey: ['blocks'],
    queryFn: ({ pageParam }) => listBlocks(pageParam, PAGE),
    initialPageParam: 1,
    getNextPageParam: (last) => (last.pagination.page < last.pagination.pages ? last.pagination.page + 1 : undefined),
  })
  const entries = q.data?.pages.flatMap((p) => p.blocks) ?? []
  const total = q.data?.pages[0]?.pagination.total ?? 0
  return (
    <section className="acc-section" aria-label="黑名单">
      <h4>
        黑名单{total > 0 && <small>（{total}）</small>}
      </h4>
      {q.isLoading ? (
        <p className="acc-muted">加载中...</p>
      ) : q.isError ? (
        <p className="acc-muted">黑名单加载失败，请稍后重试</p>
      ) : entries.length === 0 ? (
        <p className="acc-muted">你还没有拉黑任何人</p>
      ) : (
        <ul className="block-list">
          {entries.map((e) => (
            <li key={e.user_id} data-testid="blocked-user">
              <Link to={`/user/${e.user_id}`} className="block-who" onClick={onNavigate}>
                <Avatar src={e.avatar} size={36} />
                <span>
                  <b>{e.nickname}</b>
                  <small>石榴号：{e.user_id} · {formatTime(e.blocked_at)}拉黑</small>
                </span>
              </Link>
              <button type="button" className="btn btn-ghost btn-sm" disabled={busy} onClick={() => void change(e.user_id, e.nickname, false)}>
                解除拉黑
              </button>
            </li>
          ))}
        </ul>
      )}
      {q.hasNextPage && (
        <button type="button" className="btn btn-ghost btn-sm" disabled={q.isFetchingNextPage} onClick={() => void q.fetchNextPage()}>
          {q.isFetchingNextPage ? '加载中...' : '加载更多'}
        </button>
      )}
    </section>
  )
}
