import { useQuery } from '@tanstack/react-query'
import { useEffect, useMemo, useState } from 'react'
import { suggest } from '../../api/search'

/** Wait this long after the last keystroke before asking for suggestions. */
const DEBOUNCE_MS = 150

export interface Suggestion {
  key: string
  kind: 'tag' | 'user' | 'note'
  /** What the option shows. */
  label: string
  /** A short second line (the kind, counts). */
  meta: string
  /** Where picking it goes. */
  to: string
}

/** Suggestions while typing (GET /search/suggest) for `text`, debounced; empty while nothing is typed. */
export function useSuggestions(text: string): Suggestion[] {
  const q = text.trim()
  const [debounced, setDebounced] = useState(q)
  useEffect(() => {
    const t = setTimeout(() => setDebounced(q), DEBOUNCE_MS)
    return () => clearTimeout(t)
  }, [q])
  const enabled = debounced !== '' && debounced.length <= 50
  const r = useQuery({ queryKey: ['search-suggest', debounced], queryFn: () => suggest(debounced), enabled, staleTime: 30_000, retry: false })
  return useMemo(() => {
    if (!enabled || !r.data || q === '') return []
    const d = r.data
    return [
      ...d.tags.map((t): Suggestion => ({ key: `t${t.id}`, kind: 'tag', label: `#${t.name}`, meta: `标签 · ${t.use_count} 篇笔记`, to: `/search_result/all?tag=${encodeURIComponent(t.name)}` })),
      ...d.users.map((u): Suggestion => ({ key: `u${u.user_id}`, kind: 'user', label: u.nickname, meta: `用户 · ${u.user_id}`, to: `/user/${encodeURIComponent(u.user_id)}` })),
      ...d.notes.map((n): Suggestion => ({ key: `n${n.id}`, kind: 'note', label: n.title, meta: '笔记', to: `/post?id=${n.id}` })),
    ]
  }, [enabled, r.data, q])
}
