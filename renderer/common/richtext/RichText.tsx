import { Fragment, type ReactNode } from 'react'
import { mediaUrl } from '../api/env'
import { splitMentions } from './mentions'
import { AppLink } from '../components/AppLink'

/**
 * Renders stored rich text as React elements from an allow-list of tags, never via innerHTML.
 * Mentions ([@nickname:userId], or the editors' `<a class="mention-link">` links) become links to /user/{id};
 * links go through AppLink (common/links.ts).
 */
export interface RichTextProps {
  html: string | null | undefined
  className?: string
  onImageClick?: (src: string, all: string[]) => void
}

const BLOCK = new Set(['P', 'DIV', 'BLOCKQUOTE', 'UL', 'OL', 'LI'])
const INLINE = new Set(['B', 'STRONG', 'I', 'EM', 'U', 'S', 'SPAN', 'CODE'])

function renderText(text: string, key: string): ReactNode {
  return splitMentions(text).map((part, i) =>
    part.kind === 'mention' ? (
      <AppLink key={`${key}-${i}`} className="rt-mention" href={`/user/${part.userId}`} onClick={(e) => e.stopPropagation()}>
        {part.text}
      </AppLink>
    ) : (
      <Fragment key={`${key}-${i}`}>{part.text}</Fragment>
    ),
  )
}

function safeHref(href: string | null): string | undefined {
  if (!href) return undefined
  return /^(https?:|\/)/i.test(href) && !href.startsWith('//') ? href : undefined
}

function renderNodes(nodes: NodeListOf<ChildNode> | ChildNode[], keyPrefix: string, images: string[], onImageClick?: RichTextProps['onImageClick']): ReactNode[] {
  const out: ReactNode[] = []
  Array.from(nodes).forEach((node, i) => {
    const key = `${keyPrefix}.${i}`
    if (node.nodeType === 3) {
      out.push(<Fragment key={key}>{renderText(node.textContent ?? '', key)}</Fragment>)
      return
    }
    if (node.nodeType !== 1) return
    const el = node as Element
    const tag = el.tagName
    const children = () => renderNodes(el.childNodes, key, images, onImageClick)
    if (tag === 'BR') out.push(<br key={key} />)
    else if (tag === 'IMG') {
      const src = mediaUrl(el.getAttribute('src'))
      if (!src || /^javascript:/i.test(src)) return
      images.push(src)
      out.push(
        <img
          key={key}
          className="rt-image"
          src={src}
          alt=""
          loading="lazy"
          onClick={(e) => {
            e.stopPropagation()
            onImageClick?.(src, images)
          }}
        />,
      )
    } else if (tag === 'A') {
      const href = safeHref(el.getAttribute('href'))
      const mention = el.classList.contains('mention-link')
      out.push(
        href ? (
          <AppLink key={key} className={mention ? 'rt-mention' : 'rt-link'} href={href} onClick={(e) => e.stopPropagation()}>
            {children()}
          </AppLink>
        ) : (
          <a key={key} className="rt-link">
            {children()}
          </a>
        ),
      )
    } else if (BLOCK.has(tag)) out.push(<div key={key}>{children()}</div>)
    else if (INLINE.has(tag)) {
      const Tag = tag.toLowerCase() as 'b'
      out.push(<Tag key={key}>{children()}</Tag>)
    } else if (tag !== 'SCRIPT' && tag !== 'STYLE' && tag !== 'IFRAME') out.push(<Fragment key={key}>{children()}</Fragment>)
  })
  return out
}

export function RichText({ html, className, onImageClick }: RichTextProps) {
  const source = html ?? ''
  let content: ReactNode
  if (!/[<&]/.test(source)) {
    content = source.split('\n').map((line, i) => (
      <Fragment key={i}>
        {i > 0 && <br />}
        {renderText(line, String(i))}
      </Fragment>
    ))
  } else {
    const doc = new DOMParser().parseFromString(`<body>${source}</body>`, 'text/html')
    content = renderNodes(doc.body.childNodes, 'n', [], onImageClick)
  }
  return <div className={className ? `rich-text ${className}` : 'rich-text'}>{content}</div>
}
