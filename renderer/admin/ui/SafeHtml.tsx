import DOMPurify from 'dompurify'
import { useEffect, useRef } from 'react'

/** Tags an admin may see in a preview of user markup (e.g. a verification application's table). No attributes at all. */
const ALLOWED_TAGS = ['p', 'br', 'b', 'strong', 'i', 'em', 'u', 's', 'span', 'div', 'ul', 'ol', 'li', 'table', 'thead', 'tbody', 'tr', 'th', 'td', 'h3', 'h4', 'blockquote', 'code', 'pre']

/** Plain text of a piece of markup (parsed inertly: nothing runs, nothing loads). */
export function htmlToText(html: string): string {
  const doc = new DOMParser().parseFromString(html, 'text/html')
  for (const cell of doc.querySelectorAll('td, th')) cell.append(' ')
  for (const block of doc.querySelectorAll('br, p, div, tr, li, h3, h4')) block.append('\n')
  return (doc.body.textContent ?? '').replace(/[ \t]+\n/g, '\n').replace(/\n{3,}/g, '\n\n').trim()
}

export function looksLikeHtml(text: string): boolean {
  return /<\/?[a-z][\s\S]*>/i.test(text)
}

function isClean(fragment: DocumentFragment): boolean {
  for (const node of fragment.querySelectorAll('*')) {
    if (!ALLOWED_TAGS.includes(node.tagName.toLowerCase()) || node.attributes.length > 0) return false
  }
  return true
}

/**
 * Renders user markup after DOMPurify with a small allow-list and no attributes, as DOM nodes
 * (never through dangerouslySetInnerHTML).
 */
export function SafeHtml({ html, className }: { html: string; className?: string }) {
  const ref = useRef<HTMLDivElement>(null)
  useEffect(() => {
    const el = ref.current
    if (!el) return
    const fragment = DOMPurify.sanitize(html, { ALLOWED_TAGS, ALLOWED_ATTR: [], RETURN_DOM_FRAGMENT: true })
    // Defence in depth: if anything outside the allow-list survived (an unusual DOM), show plain text instead.
    if (isClean(fragment)) el.replaceChildren(fragment)
    else el.replaceChildren(document.createTextNode(htmlToText(html)))
  }, [html])
  return <div ref={ref} className={className} />
}
