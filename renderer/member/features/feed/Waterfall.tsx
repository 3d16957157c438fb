import { memo, startTransition, useCallback, useEffect, useLayoutEffect, useMemo, useRef, useState, useSyncExternalStore } from 'react'
import { useWindowWidth } from '../../../common/hooks/useMediaQuery'
import type { Post } from '../../api/types'
import { useToggleLike } from '../interactions/usePostToggles'
import { useOpenNote } from '../note/useOpenNote'
import { NoteCard, type CoverLoading } from './NoteCard'
import { useNotInterested } from './useNotInterested'
import { CARD_SIZES, columnsForWidth, containerWidthFor, coverRatio, estimateCardHeight, firstScreenCount, placeItems, priorityCovers } from './placement'
import { columnOffsets, visibleRange } from './windowing'
import './feed.css'

const GAP = 16
/** Cards are rendered within this distance (px) above and below the viewport; the rest are spacers. */
const OVERSCAN = 1200
const SCROLL_STEP = 300

function useContainerWidth() {
  const ref = useRef<HTMLDivElement>(null)
  const [width, setWidth] = useState(() => (typeof window === 'undefined' ? 0 : containerWidthFor(window.innerWidth)))
  useLayoutEffect(() => {
    const el = ref.current
    if (!el) return
    // A pixel off the estimate (rounding, a scrollbar's width aside) re-renders nothing.
    const measure = () => setWidth((w) => (Math.abs(w - el.clientWidth) <= 1 ? w : el.clientWidth))
    measure()
    if (typeof ResizeObserver === 'undefined') return
    const ro = new ResizeObserver(measure)
    ro.observe(el)
    return () => ro.disconnect()
  }, [])
  return { ref, width }
}

function subscribeScroll(cb: () => void) {
  window.addEventListener('scroll', cb, { passive: true })
  window.addEventListener('resize', cb)
  return () => {
    window.removeEventListener('scroll', cb)
    window.removeEventListener('resize', cb)
  }
}

/** Scroll position in steps of 300 px: re-renders a few times per screen, not on every scroll event. */
function useScrollStep(): number {
  return useSyncExternalStore(subscribeScroll, () => Math.floor(window.scrollY / SCROLL_STEP), () => 0)
}

/** Real card heights, measured once rendered; estimates are used until then. */
function useMeasuredHeights() {
  const heights = useRef(new Map<number, number>())
  const [version, setVersion] = useState(0)
  const frame = useRef(0)
  const observer = useMemo(() => {
    if (typeof ResizeObserver === 'undefined') return null
    return new ResizeObserver((entries) => {
      let changed = false
      for (const e of entries) {
        const id = Number((e.target as HTMLElement).dataset.noteId)
        const h = Math.round(e.contentRect.height)
        if (h > 0 && heights.current.get(id) !== h) {
          heights.current.set(id, h)
          changed = true
        }
      }
      // A background render (a transition): the cards are already shown at their estimated heights.
      if (changed && !frame.current) frame.current = requestAnimationFrame(() => ((frame.current = 0), startTransition(() => setVersion((v) => v + 1))))
    })
  }, [])
  useEffect(() => () => observer?.disconnect(), [observer])
  return { heights: heights.current, version, observer }
}

interface ColumnProps {
  posts: readonly Post[]
  /** How each note's cover loads: the first screen's at once, the likely largest with high priority (useCoverLoading). */
  loadingOf: (post: Post) => CoverLoading
  gap: number
  padTop: number
  padBottom: number
  observer: ResizeObserver | null
  onOpen: (p: Post) => void
  onLike: (p: Post) => void
  onDismiss: (p: Post) => void
  onCoverSettled: (p: Post) => void
}

function sameColumn(a: ColumnProps, b: ColumnProps): boolean {
  if (a.gap !== b.gap || a.padTop !== b.padTop || a.padBottom !== b.padBottom || a.onOpen !== b.onOpen || a.onLike !== b.onLike || a.onDismiss !== b.onDismiss || a.onCoverSettled !== b.onCoverSettled || a.loadingOf !== b.loadingOf || a.posts.length !== b.posts.length) return false
  return a.posts.every((p, i) => p === b.posts[i])
}

/** One column; skipped entirely by React when none of its visible notes changed. */
const Column = memo(function Column({ posts, loadingOf, gap, padTop, padBottom, observer, onOpen, onLike, onDismiss, onCoverSettled }: ColumnProps) {
  const ref = useRef<HTMLDivElement>(null)
  useLayoutEffect(() => {
    const el = ref.current
    if (!el || !observer) return
    const cards = Array.from(el.querySelectorAll<HTMLElement>(':scope > .note-card'))
    cards.forEach((c) => observer.observe(c))
    return () => cards.forEach((c) => observer.unobserve(c))
  })
  return (
    <div className="waterfall-column" ref={ref} style={{ gap, paddingTop: padTop, paddingBottom: padBottom }}>
      {posts.map((post) => (
        <NoteCard key={post.id} post={post} ratio={coverRatio(post.aspect)} onOpen={onOpen} onLike={onLike} onDismiss={onDismiss} cover={loadingOf(post)} sizes={CARD_SIZES} onCoverSettled={onCoverSettled} />
      ))}
    </div>
  )
}, sameColumn)

/**
 * The first screen's covers (the first rows, in feed order) load at once, the likely largest with high priority
 * (priorityCovers): they are what the page is judged by, and lazy loading would wait for layout. The rest load
 * when scrolled near — but not before the first screen's covers have loaded or failed (or the page was scrolled):
 * the browser's lazy loading fetches every mounted card within ~1,250 px of the viewport at once, and on a phone
 * those 15–20 covers and avatars took the bandwidth the first screen's covers needed (issue 41 §6). Only the
 * feed's first notes count: a later page appended below never changes the answer for the cards above.
 */
function useCoverLoading(posts: readonly Post[], columnCount: number, scrolled: boolean) {
  const count = firstScreenCount(columnCount)
  const firstIds = posts.slice(0, count).map((p) => p.id).join(',')
  const high = priorityCovers(posts, columnCount).join(',')
  // Counted outside React state: the first screen's covers arrive one by one, and only the last one (or a scroll)
  // changes what is rendered — one re-render, not one per cover. Once released, always released.
  const settled = useRef(new Set<number>())
  const [released, setReleased] = useState(false)
  if (!released && scrolled) setReleased(true)
  const allIn = useCallback(() => firstIds !== '' && firstIds.split(',').every((id) => settled.current.has(Number(id))), [firstIds])
  const onCoverSettled = useCallback(
    (post: Post) => {
      settled.current.add(post.id)
      if (allIn()) setReleased(true)
    },
    [allIn],
  )
  // The first screen changed (a note dismissed) after its covers had come in.
  useEffect(() => {
    if (allIn()) setReleased(true)
  }, [allIn])
  const loadingOf = useMemo(() => {
    const ids = firstIds ? firstIds.split(',').map(Number) : []
    const eager = new Set(ids)
    const priority = new Set(high.split(',').map(Number))
    return (post: Post): CoverLoading => (priority.has(post.id) ? 'priority' : eager.has(post.id) ? 'eager' : released ? 'lazy' : 'held')
  }, [firstIds, high, released])
  return { loadingOf, onCoverSettled }
}

/**
 * Masonry of note cards: each card goes into the shortest column (column count by window width).
 * Only cards near the viewport are mounted, so a feed of 1000+ notes stays smooth.
 */
export function Waterfall({ posts, columns: forcedColumns }: { posts: readonly Post[]; columns?: number }) {
  const windowWidth = useWindowWidth()
  const columnCount = forcedColumns ?? columnsForWidth(windowWidth)
  const { ref, width } = useContainerWidth()
  const gap = windowWidth <= 695 ? 10 : GAP
  const columnWidth = width > 0 ? (width - gap * (columnCount - 1)) / columnCount : 220
  const { heights: measured, version, observer } = useMeasuredHeights()
  const step = useScrollStep()

  const estimates = useMemo(() => posts.map((p) => estimateCardHeight(p.aspect, p.title, columnWidth)), [posts, columnWidth])
  const placement = useMemo(() => placeItems(estimates, columnCount, gap), [estimates, columnCount, gap])

  const { loadingOf, onCoverSettled } = useCoverLoading(posts, columnCount, step > 0)
  const toggleLike = useToggleLike()
  const openNote = useOpenNote()
  const onLike = useCallback((p: Post) => toggleLike(p.id, p.liked), [toggleLike])
  const onOpen = useCallback((p: Post) => openNote(p.id), [openNote])
  const onDismiss = useNotInterested()

  const containerTop = ref.current ? ref.current.getBoundingClientRect().top + window.scrollY : 0
  const viewTop = step * SCROLL_STEP - containerTop - OVERSCAN
  const viewBottom = step * SCROLL_STEP - containerTop + (typeof window === 'undefined' ? 900 : window.innerHeight) + SCROLL_STEP + OVERSCAN

  const columns = placement.columns.map((indices) => {
    const hs = indices.map((i) => measured.get(posts[i]!.id) ?? estimates[i]!)
    const { tops, total } = columnOffsets(hs, gap)
    const [start, end] = visibleRange(tops, hs, viewTop, viewBottom)
    const padTop = start > 0 ? tops[start]! : 0
    const lastBottom = end > 0 ? tops[end - 1]! + hs[end - 1]! : 0
    const padBottom = end < indices.length ? total - lastBottom : 0
    return { posts: indices.slice(start, end).map((i) => posts[i]!), padTop, padBottom }
  })
  void version

  return (
    <div className="waterfall" ref={ref} style={{ gap }}>
      {columns.map((c, i) => (
        <Column key={i} posts={c.posts} loadingOf={loadingOf} gap={gap} padTop={c.padTop} padBottom={c.padBottom} observer={observer} onOpen={onOpen} onLike={onLike} onDismiss={onDismiss} onCoverSettled={onCoverSettled} />
      ))}
    </div>
  )
}
