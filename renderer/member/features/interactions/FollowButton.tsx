import type { FollowState } from '../../api/types'
import { FOLLOW_LABEL } from './followState'
import { useFollow } from './useFollow'
import './interactions.css'

export interface FollowButtonProps {
  userId: string
  initial?: FollowState
  size?: 'sm' | 'md'
  className?: string
}

/** Follow button with the four states of spec §4; hidden for oneself. */
export function FollowButton({ userId, initial, size = 'md', className }: FollowButtonProps) {
  const { state, toggle, isSelf } = useFollow(userId, initial)
  if (isSelf || !userId) return null
  const followed = state.buttonType === 'unfollow' || state.buttonType === 'mutual'
  return (
    <button
      type="button"
      className={`follow-btn follow-${size} ${followed ? 'is-followed' : ''} ${className ?? ''}`}
      aria-pressed={followed}
      onClick={(e) => {
        e.stopPropagation()
        toggle()
      }}
    >
      {FOLLOW_LABEL[state.buttonType]}
    </button>
  )
}
