import { useEffect } from 'react'
import { decodeMentions } from '../../common/richtext/mentions'

/** What member.html says before a page sets its own (and what a page leaves behind when it unmounts). */
export const SITE_NAME = '石榴'
export const SITE_DESCRIPTION = '石榴 · 校园图文笔记社区：发现同学们的学习、生活与校园日常'
const DESCRIPTION_MAX = 120

function descriptionTag(): HTMLMetaElement {
  let tag = document.head.querySelector<HTMLMetaElement>('meta[name="description"]')
  if (!tag) {
    tag = document.createElement('meta')
    tag.name = 'description'
    document.head.append(tag)
  }
  return tag
}

/** Plain text of stored rich text for a description: no markup, "@nickname" for mention tokens, one line. */
export function plainExcerpt(html: string, max = DESCRIPTION_MAX): string {
  const text = new DOMParser().parseFromString(html, 'text/html').body.textContent ?? ''
  const line = decodeMentions(text).text.replace(/\s+/g, ' ').trim()
  return line.length > max ? `${line.slice(0, max - 1)}…` : line
}

/**
 * The document's `<title>` and `<meta name="description">` for the page on screen (search engines and shared
 * links read them); both go back to what they were when the page unmounts (a note overlay closes on explore).
 * `null` while the page's data loads keeps the previous ones.
 */
export function usePageMeta(title: string | null, description?: string | null) {
  useEffect(() => {
    if (!title) return
    const tag = descriptionTag()
    const previous = { title: document.title, description: tag.content }
    document.title = title
    tag.content = description || SITE_DESCRIPTION
    return () => {
      document.title = previous.title
      tag.content = previous.description
    }
  }, [title, description])
}
