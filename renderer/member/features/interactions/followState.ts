import type { FollowButtonType, FollowState } from '../../api/types'

/** Follow-button transitions of spec §4. */
export function nextFollowState(state: FollowState): FollowState {
  switch (state.buttonType) {
    case 'follow':
      return { followed: true, isMutual: false, buttonType: 'unfollow' }
    case 'back':
      return { followed: true, isMutual: true, buttonType: 'mutual' }
    case 'mutual':
      return { followed: false, isMutual: false, buttonType: 'back' }
    case 'unfollow':
      return { followed: false, isMutual: false, buttonType: 'follow' }
    case 'normal':
      return state
  }
}

/** Whether clicking in this state sends a follow (true) or an unfollow (false). */
export function clickFollows(state: FollowState): boolean {
  return state.buttonType === 'follow' || state.buttonType === 'back'
}

export const FOLLOW_LABEL: Record<FollowButtonType, string> = {
  follow: '关注',
  back: '回关',
  unfollow: '已关注',
  mutual: '互相关注',
  normal: '',
}

/** "already followed" / "not followed" replies mean the state is already what we wanted. */
export function isAlreadyDone(message: string): boolean {
  return /已关注|已经关注|未关注|没有关注|already|not (yet )?follow/i.test(message)
}

export const FOLLOW_DEBOUNCE_MS = 2000
