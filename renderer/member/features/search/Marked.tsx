import type { ReactNode } from 'react'

/** `text` with the [start, end) `ranges` wrapped in <mark> (React elements: no HTML is ever injected). */
export function Marked({ text, ranges }: { text: string; ranges: ReadonlyArray<readonly [number, number]> | undefined }) {
  if (!ranges || ranges.length === 0) return <>{text}</>
  const parts: ReactNode[] = []
  let at = 0
  for (const [start, end] of ranges) {
    if (start < at || end > text.length || start >= end) continue
    if (start > at) parts.push(text.slice(at, start))
    parts.push(<mark key={start}>{text.slice(start, end)}</mark>)
    at = end
  }
  if (at < text.length) parts.push(text.slice(at))
  return <>{parts}</>
}
