/** Plain text ⇄ the stored rich-text subset. Every string we put into markup goes through escapeHtml. */
export function escapeHtml(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;').replace(/'/g, '&#39;')
}

/** Text from a textarea → stored content: escaped, line breaks as <br>. */
export function textToHtml(text: string): string {
  return escapeHtml(text).replace(/\r?\n/g, '<br>')
}

/** Stored content → plain text (for counters, previews, edit forms). */
export function htmlToText(html: string | null | undefined): string {
  if (!html) return ''
  if (!/[<&]/.test(html)) return html
  const withBreaks = html.replace(/<br\s*\/?>/gi, '\n').replace(/<\/(p|div)>\s*/gi, '\n')
  if (typeof DOMParser === 'undefined') return withBreaks.replace(/<[^>]*>/g, '')
  const doc = new DOMParser().parseFromString(`<body>${withBreaks}</body>`, 'text/html')
  return (doc.body.textContent ?? '').replace(/\n+$/, '')
}

/** Image sources embedded in stored content (comment images). */
export function imageSources(html: string | null | undefined): string[] {
  if (!html) return []
  return [...html.matchAll(/<img[^>]+src=["']([^"']+)["']/gi)].map((m) => m[1]!)
}
