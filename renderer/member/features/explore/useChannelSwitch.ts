import { useEffect, useRef, useState } from 'react'
import { useNavigate } from 'react-router'
import type { Channel } from './channels'
import { SwitchQueue } from './switchQueue'

export const CHANNEL_LOCK_MS = 1200

/** Active tab state + the queued navigation to /explore{path}. */
export function useChannelSwitch(current: Channel | undefined) {
  const navigate = useNavigate()
  const [selectedId, setSelectedId] = useState(current?.id ?? 'recommend')
  const navRef = useRef(navigate)
  navRef.current = navigate
  const queueRef = useRef<SwitchQueue<Channel> | null>(null)
  queueRef.current ??= new SwitchQueue<Channel>((c) => navRef.current(`/explore${c.path}`), CHANNEL_LOCK_MS, undefined, (a, b) => a.id === b.id)

  useEffect(() => {
    if (!current) return
    queueRef.current?.sync(current)
    if (!queueRef.current?.isLocked) setSelectedId(current.id)
  }, [current])

  useEffect(() => () => queueRef.current?.dispose(), [])

  const select = (c: Channel) => {
    setSelectedId(c.id)
    window.scrollTo({ top: 0, behavior: 'instant' })
    queueRef.current?.request(c)
  }
  return { selectedId, select }
}
