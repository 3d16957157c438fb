import { useDeferredValue } from 'react'
import { Navigate, useNavigate, useParams, useSearchParams } from 'react-router'
import { isMissing } from '../../../common/api/errors'
import { LoadError } from '../../../common/components/LoadError'
import { Spinner } from '../../../common/components/Spinner'
import { BREAKPOINTS, useMaxWidth } from '../../../common/hooks/useMediaQuery'
import { NoteDetail } from './NoteDetail'
import { plainExcerpt, usePageMeta } from '../../shell/usePageMeta'
import { useNote } from './useNote'

/** /post?id= (and /post/:id) opened directly: the card as a page. Missing id or note → not-found; a server or network failure → message with 重试. */
export function NotePage() {
  const [params] = useSearchParams()
  const { id: pathId } = useParams()
  const id = Number(params.get('id') ?? pathId) || null
  const target = Number(params.get('targetCommentId')) || null
  const note = useNote(id)
  // The note renders in the background, in slices, not in the one long task of the query's update or of the
  // page's first render (issue 41 §6); the spinner stays until it is ready.
  const post = useDeferredValue(note.data, undefined)
  const mobile = useMaxWidth(BREAKPOINTS.mobile)
  const navigate = useNavigate()
  usePageMeta(note.data ? `${note.data.title || '笔记详情'} - 石榴` : null, note.data ? plainExcerpt(note.data.content) || `${note.data.nickname}的笔记` : null)

  if (!id || (note.isError && isMissing(note.error))) return <Navigate to="/404" replace />
  if (note.isError) return <LoadError error={note.error} onRetry={() => void note.refetch()} />
  if (!post) return <Spinner label="加载中..." />
  return (
    <div className="note-page">
      <NoteDetail post={post} mode="page" targetCommentId={target} onClose={mobile ? () => navigate('/explore') : undefined} />
    </div>
  )
}
