import { useEffect, useRef } from 'react'
import type { Channel } from './channels'

export interface ChannelTabsProps {
  channels: readonly Channel[]
  activeId: string
  onSelect: (channel: Channel) => void
  stuck?: boolean
}

/** Horizontal, scrollable channel tabs; the active tab is kept in view. */
export function ChannelTabs({ channels, activeId, onSelect, stuck }: ChannelTabsProps) {
  const listRef = useRef<HTMLDivElement>(null)
  useEffect(() => {
    const el = listRef.current?.querySelector<HTMLElement>('[aria-selected="true"]')
    el?.scrollIntoView?.({ block: 'nearest', inline: 'nearest' })
  }, [activeId])
  return (
    <div className={`channel-bar ${stuck ? 'is-stuck' : ''}`}>
      <div className="channel-tabs" role="tablist" aria-label="频道" ref={listRef}>
        {channels.map((c) => (
          <button
            key={c.id}
            type="button"
            role="tab"
            aria-selected={c.id === activeId}
            className={`channel-tab ${c.id === activeId ? 'active' : ''}`}
            onClick={() => onSelect(c)}
          >
            {c.label}
          </button>
        ))}
      </div>
    </div>
  )
}
