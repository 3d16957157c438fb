import { describe, expect, it } from 'vitest'
import { channelsFrom, findChannel, FOLLOWING, RECOMMEND } from '../../renderer/member/features/explore/channels'

/** The 关注 channel (docs/discovery.md): first for a signed-in member, absent for visitors. */
describe('the 关注 channel', () => {
  const cats = [{ id: 3, name: '学习', category_title: 'study' }]
  it('comes first, before 推荐, only when signed in', () => {
    expect(channelsFrom(cats, true).map((c) => c.label)).toEqual(['关注', '推荐', '学习'])
    expect(channelsFrom(cats, false).map((c) => c.label)).toEqual(['推荐', '学习'])
    expect(channelsFrom(undefined, true)).toEqual([FOLLOWING, RECOMMEND])
  })
  it('is found by its path segment; /explore still opens 推荐', () => {
    const list = channelsFrom(cats, true)
    expect(findChannel(list, 'following')).toBe(FOLLOWING)
    expect(findChannel(list, undefined)).toBe(RECOMMEND)
    expect(findChannel(channelsFrom(cats, false), 'following')).toBeUndefined()
  })
})
