// @vitest-environment happy-dom
import { render } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { Img } from '../../renderer/common/components/Img'
import { firstScreenCount } from '../../renderer/member/features/feed/placement'
import { coverSources } from '../../renderer/member/features/feed/probe'
import { postCard } from './support/fixtures'

/* Issue 22 §2: card covers offer the card (240 px) and feed (480 px) renditions; the first screen loads at once. */

describe('card cover sources', () => {
  it('offer the card rendition beside the feed thumbnail for image notes that have one', () => {
    const post = postCard({ id: 1, thumbnail: '/uploads/a.thumb.webp', thumbnail_small: '/uploads/a.small.webp' })
    expect(coverSources(post)).toEqual([
      { src: '/uploads/a.small.webp', width: 240 },
      { src: '/uploads/a.thumb.webp', width: 480 },
    ])
  })

  it('offer nothing for videos and for images stored before card renditions (the feed thumbnail alone)', () => {
    expect(coverSources(postCard({ id: 2, type: 2, thumbnail: '/uploads/c.thumb.webp', thumbnail_small: '/uploads/c.small.webp' }))).toBeUndefined()
    expect(coverSources(postCard({ id: 3, thumbnail: '/uploads/b.thumb.webp', thumbnail_small: null }))).toBeUndefined()
  })
})

describe('first screen', () => {
  it.each([
    [2, 6],
    [3, 6],
    [4, 8],
    [5, 10],
    [0, 6],
  ])('%i columns → the first %i covers load at once', (columns, count) => expect(firstScreenCount(columns)).toBe(count))
})

describe('Img with a srcset', () => {
  it('writes the candidates with their widths, and drops them with the placeholder once the image fails', async () => {
    const { container } = render(<Img src="/uploads/a.thumb.webp" srcSet={[{ src: '/uploads/a.small.webp', width: 240 }, { src: '/uploads/a.thumb.webp', width: 480 }]} sizes="50vw" alt="" />)
    const img = container.querySelector('img')!
    expect(img.getAttribute('srcset')).toMatch(/\/uploads\/a\.small\.webp 240w, .*\/uploads\/a\.thumb\.webp 480w$/)
    expect(img.getAttribute('sizes')).toBe('50vw')
    expect(img.getAttribute('loading')).toBe('lazy')
    img.dispatchEvent(new Event('error'))
    await new Promise((r) => setTimeout(r, 0))
    expect(container.querySelector('img')!.getAttribute('srcset')).toBeNull()
    expect(container.querySelector('img')!.getAttribute('src')).toMatch(/^data:image\/svg\+xml/)
  })
})
