/** Mentions are stored inside text as [@nickname:userId]. */
export const MENTION_RE = /\[@([^\]:\n]{1,40}):([A-Za-z0-9_]{1,40})\]/g

export interface TextPart {
  kind: 'text' | 'mention'
  text: string
  userId?: string
}

export function splitMentions(text: string): TextPart[] {
  const parts: TextPart[] = []
  let last = 0
  for (const m of text.matchAll(MENTION_RE)) {
    const index = m.index ?? 0
    if (index > last) parts.push({ kind: 'text', text: text.slice(last, index) })
    parts.push({ kind: 'mention', text: `@${m[1]}`, userId: m[2] })
    last = index + m[0].length
  }
  if (last < text.length) parts.push({ kind: 'text', text: text.slice(last) })
  return parts
}

export function mentionToken(nickname: string, userId: string): string {
  return `[@${nickname.replace(/[\]:]/g, '')}:${userId}]`
}

/** Replace each "@nickname" the user picked by its stored token (one pass, longest names first). */
export function encodeMentions(text: string, picked: readonly { nickname: string; userId: string }[]): string {
  if (picked.length === 0) return text
  const byName = new Map(picked.map((p) => [p.nickname, p.userId]))
  const names = [...byName.keys()].sort((a, b) => b.length - a.length)
  const re = new RegExp(`@(${names.map((n) => n.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')).join('|')})`, 'g')
  return text.replace(re, (_m, name: string) => mentionToken(name, byName.get(name)!))
}

/** Stored tokens back to "@nickname" for editing, with the list of mentioned users. */
export function decodeMentions(text: string): { text: string; picked: { nickname: string; userId: string }[] } {
  const picked: { nickname: string; userId: string }[] = []
  const out = text.replace(MENTION_RE, (_m, nickname: string, userId: string) => {
    if (!picked.some((p) => p.userId === userId)) picked.push({ nickname, userId })
    return `@${nickname}`
  })
  return { text: out, picked }
}
