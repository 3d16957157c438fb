import { useCallback, useLayoutEffect, useMemo, useRef, useState } from 'react'
import { useWindowWidth } from '../../../common/hooks/useMediaQuery'
import type { Post } from '../../api/types'
import { useToggleLike } from '../interactions/usePostToggles'
import { useOpenNote } from '../note/useOpenNote'
import { NoteCard } from './NoteCard'
import { columnsForWidth, coverRatio, estimateCardHeight, placeItems } from './placement'
import './feed.css'

const GAP = 16

function useContainerWidth() {
  const ref = useRef<HTMLDivElement>(null)
  const [width, setWidth] = useState(0)
  useLayoutEffect(() => {
    const el = ref.current
    if (!el) return
    setWidth(el.clientWidth)
    if (typeof ResizeObserver === 'undefined') return
    const ro = new ResizeObserver(() => setWidth(el.clientWidth))
    ro.observe(el)
    return () => ro.disconnect()
  }, [])
  return { ref, width }
}

/** Masonry of note cards: each card goes into the shortest column; column count follows the window width. */
export function Waterfall({ posts, columns: forcedColumns }: { posts: readonly Post[]; columns?: number }) {
  const windowWidth = useWindowWidth()
  const columnCount = forcedColumns ?? columnsForWidth(windowWidth)
  const { ref, width } = useContainerWidth()
  const gap = windowWidth <= 695 ? 10 : GAP
  const columnWidth = width > 0 ? (width - gap * (columnCount - 1)) / columnCount : 220

  const placement = useMemo(
    () => placeItems(posts.map((p) => estimateCardHeight(p.aspect, p.title, columnWidth)), columnCount, gap),
    [posts, columnCount, columnWidth, gap],
  )

  const toggleLike = useToggleLike()
  const openNote = useOpenNote()
  const onLike = useCallback((p: Post) => toggleLike(p.id, p.liked), [toggleLike])
  const onOpen = useCallback((p: Post) => openNote(p.id), [openNote])

  return (
    <div className="waterfall" ref={ref} style={{ gap }}>
      {placement.columns.map((indices, c) => (
        <div className="waterfall-column" key={c} style={{ gap }}>
          {indices.map((i) => {
            const post = posts[i]!
            return <NoteCard key={post.id} post={post} ratio={coverRatio(post.aspect)} onOpen={onOpen} onLike={onLike} />
          })}
        </div>
      ))}
    </div>
  )
}
