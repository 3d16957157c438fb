import { describe, expect, it } from 'vitest'
import { jsonLayer, jsonList, overLayer, replyJson as replyBytes, withFields } from '../../server/presenters/json-text'

/* Replies whose repeated parts are serialised once (presenters/json-text.ts): the same JSON as JSON.stringify. */

interface Card {
  id: number
  title: string
  images: string[]
  tags: { id: number; name: string }[]
  like_count: number
  liked: boolean
}
const OWN = ['like_count', 'liked']
const cached = (id: number): Card => ({ id, title: `笔记 "${id}" \u2028</script>`, images: ['/a.jpg'], tags: [{ id: 1, name: '学习' }], like_count: 0, liked: false })
const card = (id: number, likes: number) => overLayer<Card>(jsonLayer(cached(id), OWN), { like_count: likes, liked: likes % 2 === 0 })
const envelope = (data: unknown) => ({ code: 200, success: true, message: 'success', data })
/** Read back with the keys sorted, so key order (which JSON readers do not see) is left out. */
/** The reply as text (a reply with layered parts comes as its UTF-8 bytes). */
const replyJson = (reply: unknown) => String(replyBytes(reply))
const canonical = (text: string) => JSON.stringify(JSON.parse(text), (_k, v: unknown) => (v && typeof v === 'object' && !Array.isArray(v) ? Object.fromEntries(Object.entries(v).sort(([a], [b]) => a.localeCompare(b))) : v))

describe('replyJson', () => {
  it('is JSON.stringify, byte for byte, for replies without layered parts', () => {
    const replies = [
      envelope({ posts: [{ id: 1, at: new Date(0), skip: undefined, fn: () => 1, n: null, list: [undefined, 2] }], pagination: { page: 1 } }),
      envelope({ posts: jsonList([{ id: 1, skip: undefined }, undefined, 3]), pagination: { page: 1 } }),
      envelope(null),
      envelope([1, 'x', { y: [true] }]),
      'text',
      7,
      null,
    ]
    for (const reply of replies) expect(replyBytes(reply)).toBe(JSON.stringify(reply))
  })

  it('a feed page and a search reply hold the same JSON as JSON.stringify of the same cards', () => {
    const feed = envelope({ posts: jsonList([card(1, 3), card(2, 4)]), pagination: { page: 1, limit: 20, total: 2 } })
    const search = envelope({ keyword: '学习', posts: { data: jsonList([card(3, 0)]), pagination: { page: 1 } }, users: { data: [], pagination: { page: 1 } } })
    for (const reply of [feed, search]) expect(canonical(replyJson(reply))).toBe(canonical(JSON.stringify(reply)))
    expect(replyJson(feed)).toContain('"like_count":3,"liked":false}')
  })

  it('a list held twice in a reply (a search page as data and posts.data) is written twice, the same JSON as JSON.stringify', () => {
    const cards = jsonList([card(1, 3), card(2, 4), { id: 3, plain: true }])
    const page = { data: cards, pagination: { page: 1 } }
    const reply = envelope({ keyword: '学习', posts: page, ...page, nested: { again: cards } })
    const text = replyJson(reply)
    expect(canonical(text)).toBe(canonical(JSON.stringify(reply)))
    const parsed = JSON.parse(text) as { data: { data: unknown[]; posts: { data: unknown[] }; nested: { again: unknown[] } } }
    expect(parsed.data.data).toEqual(parsed.data.posts.data)
    expect(parsed.data.nested.again).toEqual(parsed.data.data)
  })

  it('a reply with layered parts is the UTF-8 of its JSON, each layer encoded once and reused', () => {
    const layer = jsonLayer(cached(9), OWN)
    const reply = (likes: number) => envelope({ posts: jsonList([overLayer<Card>(layer, { like_count: likes, liked: true }), overLayer<Card>(layer, { like_count: 0, liked: false })]) })
    const first = replyBytes(reply(1))
    expect(Buffer.isBuffer(first)).toBe(true)
    expect(JSON.parse(String(first))).toEqual(JSON.parse(JSON.stringify(reply(1))))
    expect(Buffer.compare(first as Buffer, Buffer.from(String(first)))).toBe(0)
    const second = String(replyBytes(reply(2)))
    expect(JSON.parse(second).data.posts.map((p: Card) => [p.title, p.like_count, p.liked])).toEqual([
      [cached(9).title, 2, true],
      [cached(9).title, 0, false],
    ])
  })

  it('a card over a layer reads as the whole card; a field set later is written, a layer field cannot be changed', () => {
    const one = card(5, 7)
    expect([one.title, one.tags[0]!.name, one.like_count]).toEqual(['笔记 "5" \u2028</script>', '学习', 7])
    one.like_count = 8
    ;(one as Card & { extra: number }).extra = 1
    const reply = envelope({ posts: jsonList([one]) })
    expect(JSON.parse(replyJson(reply)).data.posts[0]).toMatchObject({ id: 5, like_count: 8, extra: 1 })
    expect(canonical(replyJson(reply))).toBe(canonical(JSON.stringify(reply)))
    expect(() => {
      one.title = 'changed'
    }).toThrow(TypeError)
  })

  it('a single object over a layer (a note detail) is written from its layer too, also after withFields', () => {
    const one = card(4, 1)
    const reply = envelope(one)
    expect(Buffer.isBuffer(replyBytes(reply))).toBe(true)
    expect(canonical(replyJson(reply))).toBe(canonical(JSON.stringify(reply)))
    const counted = withFields(one, { like_count: 9 })
    expect([counted.title, counted.like_count, one.like_count]).toEqual([cached(4).title, 9, 1])
    expect(JSON.parse(replyJson(envelope(counted))).data).toMatchObject({ id: 4, like_count: 9, tags: [{ name: '学习' }] })
    expect(withFields({ a: 1, b: 2 }, { b: 3 })).toEqual({ a: 1, b: 3 })
  })
})
