import { useState } from 'react'
import { EMOJI_GROUPS, loadRecent, pushRecent, RECENT_KEY, SKIN_TONES, withSkin } from './emojis'
import './compose.css'

const SKIN_KEY = 'emoji-skin'

/** Emoji picker: recent list (24, stored locally), groups, skin tones; follows the app's light/dark theme. */
export function EmojiPanel({ onPick }: { onPick: (emoji: string) => void }) {
  const [recent, setRecent] = useState<string[]>(loadRecent)
  const [group, setGroup] = useState(recent.length ? -1 : 0)
  const [skin, setSkin] = useState(() => localStorage.getItem(SKIN_KEY) ?? '')
  const list = group === -1 ? recent : EMOJI_GROUPS[group]!.emojis.map((e) => withSkin(e, skin))

  const pick = (e: string) => {
    const next = pushRecent(recent, e)
    setRecent(next)
    localStorage.setItem(RECENT_KEY, JSON.stringify(next))
    onPick(e)
  }

  return (
    <div className="emoji-panel" role="dialog" aria-label="表情" onMouseDown={(e) => e.preventDefault()}>
      <div className="emoji-tabs">
        {recent.length > 0 && (
          <button type="button" className={group === -1 ? 'active' : ''} onClick={() => setGroup(-1)} title="最近使用">
            🕘
          </button>
        )}
        {EMOJI_GROUPS.map((g, i) => (
          <button type="button" key={g.name} className={group === i ? 'active' : ''} onClick={() => setGroup(i)} title={g.name}>
            {g.icon}
          </button>
        ))}
        <span className="emoji-skins" role="radiogroup" aria-label="肤色">
          {SKIN_TONES.map((t) => (
            <button
              type="button"
              key={t.label}
              role="radio"
              aria-checked={skin === t.modifier}
              aria-label={t.label}
              className={`emoji-skin ${skin === t.modifier ? 'active' : ''}`}
              style={{ background: t.swatch }}
              onClick={() => {
                setSkin(t.modifier)
                localStorage.setItem(SKIN_KEY, t.modifier)
              }}
            />
          ))}
        </span>
      </div>
      <div className="emoji-grid">
        {list.map((e) => (
          <button type="button" key={e} className="emoji" onClick={() => pick(e)}>
            {e}
          </button>
        ))}
      </div>
    </div>
  )
}
