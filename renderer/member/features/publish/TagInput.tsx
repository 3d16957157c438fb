import { useQuery } from '@tanstack/react-query'
import { useMemo, useState } from 'react'
import { Icon } from '../../../common/components/Icon'
import { toast } from '../../../common/components/toast'
import type { TagItem } from '../../../../server/contract/search'
import { api } from '../../api/client'
import { addTag, PUBLISH_LIMITS, suggestTags } from './publishRules'

/** GET /tags and GET /tags/hot reply the same list of tags. */
async function fetchTagNames(path: '/tags' | '/tags/hot', limit?: number): Promise<string[]> {
  return (await api.get<TagItem[]>(path, limit ? { limit } : undefined)).map((t) => t.name)
}

/** Tag input: Enter or comma adds, max 10 tags of 8 characters, suggestions and hot tags. */
export function TagInput({ tags, onChange }: { tags: readonly string[]; onChange: (tags: string[]) => void }) {
  const [value, setValue] = useState('')
  const [focused, setFocused] = useState(false)
  const all = useQuery({ queryKey: ['tags'], queryFn: () => fetchTagNames('/tags'), staleTime: 5 * 60_000 })
  const hot = useQuery({ queryKey: ['tags', 'hot'], queryFn: () => fetchTagNames('/tags/hot', 5), staleTime: 5 * 60_000 })
  const suggestions = useMemo(() => (value.trim() ? suggestTags(all.data ?? [], value, tags) : []), [all.data, value, tags])

  const add = (raw: string) => {
    const { tags: next, error } = addTag(tags, raw)
    if (error) toast.warning(error)
    else onChange(next)
    setValue('')
  }

  return (
    <div className="tag-input">
      <div className="tag-row">
        <input
          className="field-input tag-field"
          placeholder="输入标签名称，按回车添加"
          value={value}
          maxLength={PUBLISH_LIMITS.tagLength}
          onFocus={() => setFocused(true)}
          onBlur={() => setTimeout(() => setFocused(false), 150)}
          onChange={(e) => {
            const v = e.target.value
            if (/[,，]/.test(v)) add(v.replace(/[,，]/g, ''))
            else setValue(v)
          }}
          onKeyDown={(e) => {
            if (e.key === 'Enter') {
              e.preventDefault()
              add(value)
            }
          }}
        />
        <button type="button" className="btn btn-ghost btn-sm" disabled={!value.trim()} onClick={() => add(value)}>
          添加
        </button>
        {focused && suggestions.length > 0 && (
          <div className="tag-suggest">
            {suggestions.map((s) => (
              <button type="button" key={s} onMouseDown={(e) => e.preventDefault()} onClick={() => add(s)}>
                #{s}
              </button>
            ))}
          </div>
        )}
      </div>
      {tags.length > 0 && (
        <div className="tag-chips">
          {tags.map((t) => (
            <span key={t} className="tag-chip">
              #{t}
              <button type="button" aria-label={`删除标签 ${t}`} onClick={() => onChange(tags.filter((x) => x !== t))}>
                <Icon name="close" size={12} />
              </button>
            </span>
          ))}
        </div>
      )}
      {(hot.data?.length ?? 0) > 0 && (
        <div className="tag-hot">
          <span>热门标签：</span>
          {hot.data!.filter((h) => !tags.includes(h)).map((h) => (
            <button type="button" key={h} onClick={() => add(h)}>
              #{h}
            </button>
          ))}
        </div>
      )}
    </div>
  )
}
