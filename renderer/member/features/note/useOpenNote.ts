import { useCallback, useRef } from 'react'
import { useLocation, useNavigate, type Location } from 'react-router'

export interface OverlayState {
  backgroundLocation?: Location
}

/** Opens a note as an overlay over the current page: the address becomes /post?id={id}; closing goes back. */
export function useOpenNote() {
  const navigate = useNavigate()
  const location = useLocation()
  const locRef = useRef(location)
  locRef.current = location
  const navRef = useRef(navigate)
  navRef.current = navigate
  return useCallback((id: number, targetCommentId?: number) => {
    const loc = locRef.current
    const background = (loc.state as OverlayState | null)?.backgroundLocation ?? loc
    const q = targetCommentId ? `&targetCommentId=${targetCommentId}` : ''
    navRef.current(`/post?id=${id}${q}`, { state: { backgroundLocation: background } satisfies OverlayState })
  }, [])
}
