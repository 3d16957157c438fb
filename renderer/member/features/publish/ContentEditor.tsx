import { useState } from 'react'
import { Icon } from '../../../common/components/Icon'
import { EmojiPanel } from '../compose/EmojiPanel'
import { MentionPicker } from '../compose/MentionPicker'
import { useTextInsert } from '../compose/useTextInsert'
import { PUBLISH_LIMITS } from './publishRules'
import type { Mention } from './usePublishForm'

/** Note text with @-mention and emoji buttons and a /2000 counter. */
export function ContentEditor({ value, onChange, onMention }: { value: string; onChange: (v: string) => void; onMention: (m: Mention) => void }) {
  const [panel, setPanel] = useState<'emoji' | 'mention' | null>(null)
  const { ref, insert } = useTextInsert<HTMLTextAreaElement>(value, onChange, PUBLISH_LIMITS.content)
  return (
    <div className="publish-content">
      <textarea
        ref={ref}
        placeholder="请输入内容"
        aria-label="内容"
        value={value}
        maxLength={PUBLISH_LIMITS.content}
        rows={6}
        onChange={(e) => onChange(e.target.value)}
      />
      <div className="publish-content-bar">
        <div className="comment-tools">
          <button type="button" aria-label="@用户" onClick={() => setPanel((p) => (p === 'mention' ? null : 'mention'))}>
            <Icon name="at" size={20} />
          </button>
          <button type="button" aria-label="表情" onClick={() => setPanel((p) => (p === 'emoji' ? null : 'emoji'))}>
            <Icon name="smile" size={20} />
          </button>
          {panel === 'emoji' && <EmojiPanel onPick={(e) => insert(e)} />}
          {panel === 'mention' && (
            <MentionPicker
              onPick={(u) => {
                insert(`@${u.nickname} `)
                onMention(u)
                setPanel(null)
              }}
              onClose={() => setPanel(null)}
            />
          )}
        </div>
        <span className="publish-counter">
          {value.length}/{PUBLISH_LIMITS.content}
        </span>
      </div>
    </div>
  )
}
