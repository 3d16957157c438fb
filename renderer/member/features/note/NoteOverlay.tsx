import { useCallback, useEffect, useState } from 'react'
import { createPortal } from 'react-dom'
import { useLocation, useNavigate, useSearchParams } from 'react-router'
import { isMissing } from '../../../common/api/errors'
import { LoadError } from '../../../common/components/LoadError'
import { Spinner } from '../../../common/components/Spinner'
import { useModalDialog } from '../../../common/hooks/useModalDialog'
import { NoteDetail } from './NoteDetail'
import type { OverlayState } from './useOpenNote'
import { plainExcerpt, usePageMeta } from '../../shell/usePageMeta'
import { useNote } from './useNote'

const ANIMATION_MS = 300

/** The detail card over the page it was opened from; closing goes back to that address and title. */
export function NoteOverlay() {
  const [params] = useSearchParams()
  const id = Number(params.get('id')) || null
  const target = Number(params.get('targetCommentId')) || null
  const navigate = useNavigate()
  const location = useLocation()
  const background = (location.state as OverlayState | null)?.backgroundLocation
  const note = useNote(id)
  const [closing, setClosing] = useState(false)
  usePageMeta(note.data ? `${note.data.title || '笔记详情'} - 石榴` : null, note.data ? plainExcerpt(note.data.content) || `${note.data.nickname}的笔记` : null)

  const close = useCallback(() => {
    if (closing) return
    setClosing(true)
    setTimeout(() => {
      if (window.history.state && (window.history.state as { idx?: number }).idx) navigate(-1)
      else navigate(background ? `${background.pathname}${background.search}` : '/explore', { replace: true })
    }, ANIMATION_MS)
  }, [closing, navigate, background])

  useEffect(() => {
    if (note.isError && isMissing(note.error)) navigate('/404', { replace: true })
  }, [note.isError, note.error, navigate])

  // the viewer is a modal <dialog> like every other (focus in and back to the card that opened it, page inert, Escape)
  const { ref, isTop, modalId } = useModalDialog(true, close)

  return createPortal(
    <dialog
      ref={ref}
      className={`note-overlay dialog-cover ${closing ? 'is-closing' : ''}`}
      aria-label={note.data ? note.data.title || `${note.data.nickname}的笔记` : '笔记详情'}
      onMouseDown={(e) => {
        if (e.target === e.currentTarget && isTop()) close()
      }}
    >
      {note.data ? (
        <NoteDetail post={note.data} mode="overlay" onClose={close} targetCommentId={target} modalId={modalId} />
      ) : (
        <div className="note-overlay-loading">{note.isError ? <LoadError error={note.error} onRetry={() => void note.refetch()} /> : <Spinner />}</div>
      )}
    </dialog>,
    document.body,
  )
}
