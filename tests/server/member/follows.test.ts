import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { counterMismatches } from '../../support/consistency'
import { registerMember, uniqueId, type Member } from '../../support/members'
import { countQueries } from '../../support/query-count'
import { insertFollow, settle } from '../../support/rows'
import { startTestServer, type TestServer } from '../../support/server'
import { dbQuery, dbRun } from '../../support/sql'

interface Entry {
  user_id: string
  isFollowing: boolean
  isMutual: boolean
  buttonType: string
  followed_at: string
  fans_count: number
}
interface Pagination {
  page: number
  limit: number
  total: number
  pages: number
}

describe('member follows: follow, status, lists, user search', () => {
  let server: TestServer
  beforeAll(async () => {
    server = await startTestServer()
  })
  afterAll(() => server?.close())

  const stats = async (m: Member) => (await server.call<{ follow_count: number; fans_count: number }>('GET', `/api/users/${m.user_id}/stats`)).body.data
  const followNotifications = async (receiver: Member, sender: Member) =>
    Number(((await dbQuery(server.deps.db, 'SELECT COUNT(*) AS n FROM notifications WHERE user_id = ? AND sender_id = ? AND type = 6', [receiver.id, sender.id])) as Array<{ n: number }>)[0]!.n)

  describe('POST / DELETE /users/{id}/follow', () => {
    it('sets and clears the follow idempotently; counters follow; one notification however often it is repeated', async () => {
      const [a, b] = [await registerMember(server), await registerMember(server)]
      const first = await server.call('POST', `/api/users/${b.user_id}/follow`, { token: a.token })
      expect(first.status).toBe(200)
      expect(first.body.message).toBe('关注成功')
      expect(first.body.data).toEqual({ followed: true, isMutual: false, buttonType: 'unfollow' })
      expect((await server.call('POST', `/api/users/${b.user_id}/follow`, { token: a.token })).status).toBe(200)
      expect(await stats(a)).toMatchObject({ follow_count: 1, fans_count: 0 })
      expect(await stats(b)).toMatchObject({ follow_count: 0, fans_count: 1 })
      expect(await followNotifications(b, a)).toBe(1)

      const un = await server.call('DELETE', `/api/users/${b.user_id}/follow`, { token: a.token })
      expect(un.status).toBe(200)
      expect(un.body.message).toBe('取消关注成功')
      expect(un.body.data).toEqual({ followed: false, isMutual: false, buttonType: 'follow' })
      expect((await server.call('DELETE', `/api/users/${b.user_id}/follow`, { token: a.token })).status).toBe(200)
      expect(await stats(a)).toMatchObject({ follow_count: 0 })
      expect(await stats(b)).toMatchObject({ fans_count: 0 })

      await server.call('POST', `/api/users/${b.user_id}/follow`, { token: a.token })
      expect(await followNotifications(b, a)).toBe(1)
      expect(await counterMismatches(server.deps.db)).toEqual([])
    })

    it('concurrent follows of the same pair make one row and exact counters', async () => {
      const [a, b] = [await registerMember(server), await registerMember(server)]
      const replies = await Promise.all(Array.from({ length: 8 }, () => server.call('POST', `/api/users/${b.user_id}/follow`, { token: a.token })))
      expect(replies.map((r) => r.status)).toEqual(Array(8).fill(200))
      expect(await stats(b)).toMatchObject({ fans_count: 1 })
      await Promise.all(Array.from({ length: 8 }, () => server.call('DELETE', `/api/users/${b.user_id}/follow`, { token: a.token })))
      expect(await stats(b)).toMatchObject({ fans_count: 0 })
      expect(await counterMismatches(server.deps.db)).toEqual([])
    })

    it('following back answers mutual', async () => {
      const [a, b] = [await registerMember(server), await registerMember(server)]
      await server.call('POST', `/api/users/${b.user_id}/follow`, { token: a.token })
      const back = await server.call('POST', `/api/users/${a.user_id}/follow`, { token: b.token })
      expect(back.body.data).toEqual({ followed: true, isMutual: true, buttonType: 'mutual' })
      const un = await server.call('DELETE', `/api/users/${a.user_id}/follow`, { token: b.token })
      expect(un.body.data).toEqual({ followed: false, isMutual: false, buttonType: 'back' })
    })

    it('400 on yourself, 404 for nobody, 401 signed out', async () => {
      const a = await registerMember(server)
      for (const method of ['POST', 'DELETE']) {
        const self = await server.call(method, `/api/users/${a.user_id}/follow`, { token: a.token })
        expect(self.status).toBe(400)
        expect(self.body.message).toBe('不能关注自己')
        const nobody = await server.call(method, '/api/users/nobody_here/follow', { token: a.token })
        expect(nobody.status).toBe(404)
        expect(nobody.body.message).toBe('用户不存在')
        expect((await server.call(method, `/api/users/${a.user_id}/follow`)).status).toBe(401)
      }
      expect(await stats(a)).toMatchObject({ follow_count: 0, fans_count: 0 })
    })
  })

  describe('GET /users/{id}/follow-status', () => {
    it('follow / unfollow / back / mutual, and normal for yourself', async () => {
      const [me, them] = [await registerMember(server), await registerMember(server)]
      const status = async () => (await server.call('GET', `/api/users/${them.user_id}/follow-status`, { token: me.token })).body.data
      expect(await status()).toEqual({ followed: false, isMutual: false, buttonType: 'follow' })
      await server.call('POST', `/api/users/${me.user_id}/follow`, { token: them.token })
      expect(await status()).toEqual({ followed: false, isMutual: false, buttonType: 'back' })
      await server.call('POST', `/api/users/${them.user_id}/follow`, { token: me.token })
      expect(await status()).toEqual({ followed: true, isMutual: true, buttonType: 'mutual' })
      await server.call('DELETE', `/api/users/${me.user_id}/follow`, { token: them.token })
      expect(await status()).toEqual({ followed: true, isMutual: false, buttonType: 'unfollow' })
      const self = await server.call('GET', `/api/users/${me.user_id}/follow-status`, { token: me.token })
      expect(self.body.data).toEqual({ followed: false, isMutual: false, buttonType: 'normal' })
    })

    it('a visitor (no token, or `Bearer null`) follows nobody; a bad token is 401 (so the client refreshes); 404 for nobody', async () => {
      const me = await registerMember(server)
      const notFollowed = { followed: false, isMutual: false, buttonType: 'follow' }
      expect((await server.call('GET', `/api/users/${me.user_id}/follow-status`)).body).toMatchObject({ code: 200, data: notFollowed })
      for (const header of ['Bearer null', 'Bearer undefined']) {
        const res = await server.fetch(`/api/users/${me.user_id}/follow-status`, { headers: { Authorization: header } })
        expect(res.status).toBe(200)
        expect(((await res.json()) as { data: unknown }).data).toEqual(notFollowed)
      }
      expect((await server.call('GET', `/api/users/${me.user_id}/follow-status`, { token: 'garbage.token.here' })).status).toBe(401)
      expect((await server.call('GET', '/api/users/nobody_here/follow-status', { token: me.token })).status).toBe(404)
      expect((await server.call('GET', '/api/users/nobody_here/follow-status')).status).toBe(404)
    })
  })

  describe('following / followers / mutual-follows', () => {
    let owner: Member, b: Member, c: Member, d: Member, viewer: Member
    beforeAll(async () => {
      ;[owner, b, c, d, viewer] = [await registerMember(server), await registerMember(server), await registerMember(server), await registerMember(server), await registerMember(server)]
      const follow = (who: Member, whom: Member) => server.call('POST', `/api/users/${whom.user_id}/follow`, { token: who.token })
      await follow(owner, b)
      await follow(b, owner)
      await follow(owner, c)
      await follow(d, owner)
      await follow(viewer, c)
      await follow(d, viewer)
      await follow(owner, viewer)
    })

    const list = async (path: string, key: string, token?: string) => {
      const { status, body } = await server.call<Record<string, Entry[] | Pagination>>('GET', `/api/users/${owner.user_id}/${path}`, { token })
      expect(status).toBe(200)
      return { entries: body.data[key] as Entry[], pagination: body.data.pagination as Pagination }
    }

    it('lists whom the owner follows, newest first, with the viewer\'s follow state', async () => {
      const { entries, pagination } = await list('following', 'following', viewer.token)
      expect(entries.map((e) => e.user_id)).toEqual([viewer.user_id, c.user_id, b.user_id])
      expect(pagination).toEqual({ page: 1, limit: 20, total: 3, pages: 1 })
      const byId = Object.fromEntries(entries.map((e) => [e.user_id, e]))
      expect(byId[viewer.user_id]).toMatchObject({ isFollowing: false, isMutual: false, buttonType: 'normal' })
      expect(byId[c.user_id]).toMatchObject({ isFollowing: true, isMutual: false, buttonType: 'unfollow' })
      expect(byId[b.user_id]).toMatchObject({ isFollowing: false, buttonType: 'follow' })
      expect(Date.parse(entries[0]!.followed_at)).not.toBeNaN()
      expect(Object.keys(entries[0]!).sort()).toEqual(
        ['avatar', 'bio', 'buttonType', 'fans_count', 'follow_count', 'followed_at', 'id', 'isFollowing', 'isMutual', 'nickname', 'post_count', 'user_id', 'verified'].sort(),
      )
    })

    it('lists followers and mutual follows; a visitor sees no follow state', async () => {
      const followers = await list('followers', 'followers', viewer.token)
      expect(followers.entries.map((e) => e.user_id)).toEqual([d.user_id, b.user_id])
      expect(followers.entries[0]).toMatchObject({ isFollowing: false, buttonType: 'back' })
      const mutual = await list('mutual-follows', 'mutualFollows')
      expect(mutual.entries.map((e) => e.user_id)).toEqual([b.user_id])
      expect(mutual.entries[0]).toMatchObject({ isFollowing: false, isMutual: false, buttonType: 'follow' })
      const mine = await list('mutual-follows', 'mutualFollows', owner.token)
      expect(mine.entries[0]).toMatchObject({ isFollowing: true, isMutual: true, buttonType: 'mutual' })
    })

    it('pages', async () => {
      const { body } = await server.call<{ following: Entry[]; pagination: Pagination }>('GET', `/api/users/${owner.user_id}/following?page=2&limit=2`)
      expect(body.data.following.map((e) => e.user_id)).toEqual([b.user_id])
      expect(body.data.pagination).toEqual({ page: 2, limit: 2, total: 3, pages: 2 })
    })

    it('400 for a bad page or limit, 404 for nobody', async () => {
      const big = await server.call('GET', `/api/users/${owner.user_id}/followers?limit=1000000`)
      expect(big.status).toBe(400)
      expect(big.body.message).toBe('limit 不能超过100')
      expect((await server.call('GET', `/api/users/${owner.user_id}/followers?page=0`)).status).toBe(400)
      expect((await server.call('GET', `/api/users/${owner.user_id}/followers?page=abc`)).status).toBe(400)
      expect((await server.call('GET', '/api/users/nobody_here/following')).status).toBe(404)
    })

    it('runs a fixed number of queries whatever the page size', async () => {
      const star = await registerMember(server, uniqueId('star'))
      for (let i = 0; i < 30; i++) await dbRun(server.deps.db, 'INSERT INTO users (user_id, nickname, password_hash) VALUES (?, ?, ?)', [`fan${i}_${star.id}`, `粉丝${i}`, 'x'])
      const fanIds = ((await dbQuery(server.deps.db, "SELECT id FROM users WHERE nickname LIKE '粉丝%'")) as Array<{ id: number }>).map((r) => Number(r.id))
      expect(fanIds).toHaveLength(30)
      for (const id of fanIds) await insertFollow(server.deps.db, id, star.id)
      for (const id of fanIds.slice(0, 10)) await insertFollow(server.deps.db, star.id, id)
      await settle(server.deps.db)
      const counter = countQueries(server.deps.db)
      try {
        const sizes: Record<string, number[]> = {}
        for (const path of ['followers', 'following', 'mutual-follows']) {
          for (const limit of [1, 5, 30]) {
            counter.reset()
            const { status } = await server.call('GET', `/api/users/${star.user_id}/${path}?limit=${limit}`, { token: viewer.token })
            expect(status).toBe(200)
            ;(sizes[path] ??= []).push(counter.count)
          }
        }
        for (const [path, counts] of Object.entries(sizes)) {
          expect([path, new Set(counts).size]).toEqual([path, 1])
          expect(counts[0]).toBeGreaterThanOrEqual(3)
          expect(counts[0]).toBeLessThanOrEqual(6)
        }
      } finally {
        counter.restore()
      }
    })
  })

  describe('GET /users/search', () => {
    it('finds users by display id or nickname, exact id first, with follow state and paging', async () => {
      const tag = uniqueId('srch')
      const exact = await registerMember(server, tag)
      const other = await registerMember(server, `${tag}x`.slice(0, 15))
      const byNick = await registerMember(server, uniqueId(), { nickname: `找${tag.slice(-4)}` })
      const me = await registerMember(server)
      await server.call('POST', `/api/users/${other.user_id}/follow`, { token: me.token })
      const { status, body } = await server.call<{ users: Entry[]; pagination: Pagination }>('GET', `/api/users/search?keyword=${tag}`, { token: me.token })
      expect(status).toBe(200)
      expect(body.data.users[0]!.user_id).toBe(exact.user_id)
      expect(body.data.users.find((u) => u.user_id === other.user_id)).toMatchObject({ isFollowing: true, buttonType: 'unfollow' })
      expect(body.data.pagination.total).toBe(2)
      const nick = await server.call<{ users: Entry[] }>('GET', `/api/users/search?keyword=${encodeURIComponent(`找${tag.slice(-4)}`)}`)
      expect(nick.body.data.users.map((u) => u.user_id)).toEqual([byNick.user_id])
      const paged = await server.call<{ users: Entry[]; pagination: Pagination }>('GET', `/api/users/search?keyword=${tag}&limit=1&page=2`)
      expect(paged.body.data.users).toHaveLength(1)
      expect(paged.body.data.pagination).toEqual({ page: 2, limit: 1, total: 2, pages: 2 })
    })

    it('treats % and _ literally', async () => {
      const { body } = await server.call<{ users: Entry[] }>('GET', '/api/users/search?keyword=%25')
      expect(body.data.users).toEqual([])
    })

    it('400 without a keyword', async () => {
      const { status, body } = await server.call('GET', '/api/users/search')
      expect(status).toBe(400)
      expect(body.message).toBe('请输入搜索关键词')
      expect((await server.call('GET', '/api/users/search?keyword=%20%20')).status).toBe(400)
    })
  })
})
