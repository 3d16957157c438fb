import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { counterMismatches } from '../../support/consistency'
import { ENGINE_NAMES, testEngine } from '../../support/engines'
import { registerMember, type Member } from '../../support/members'
import { insertComment, insertLike, insertNotification, insertPost, settle } from '../../support/rows'
import { startTestServer, type TestServer } from '../../support/server'
import { dbQuery } from '../../support/sql'

/*
 * The member auth, users, follows, notifications and verification calls, run on every engine:
 * their raw SQL (upserts of the rate limiter, insert-or-ignore follows, the one-query notification page,
 * LIKE search, account deletion) must behave the same on every engine.
 */


describe(`member people calls on ${ENGINE_NAMES[testEngine()]}`, () => {
  let server: TestServer
  let a: Member
  let b: Member
  beforeAll(async () => {
    server = await startTestServer({ RATE_LIMIT_WRITES_PER_MINUTE: '40' })
    a = await registerMember(server)
    b = await registerMember(server)
  }, 120_000)
  afterAll(async () => {
    await server?.close()
  })

  it('register, login, refresh reuse revocation, profile', async () => {
    const login = await server.call<{ tokens: { refresh_token: string } }>('POST', '/api/auth/login', { json: { user_id: a.user_id, password: 'secret123' } })
    expect(login.status).toBe(200)
    const refresh = login.body.data.tokens.refresh_token
    expect((await server.call('POST', '/api/auth/refresh', { json: { refresh_token: refresh } })).status).toBe(200)
    expect((await server.call('POST', '/api/auth/refresh', { json: { refresh_token: refresh } })).status).toBe(401)
    const profile = await server.call('GET', `/api/users/${a.user_id}`)
    expect(profile.body.data).toMatchObject({ user_id: a.user_id, interests: [] })
    const updated = await server.call('PUT', `/api/users/${a.user_id}`, { token: a.token, json: { interests: '读书,跑步', mbti: 'intj' } })
    expect(updated.body.data).toMatchObject({ interests: ['读书', '跑步'], mbti: 'INTJ' })
  })

  it('idempotent follows with exact counters, lists and search', async () => {
    for (let i = 0; i < 2; i++) expect((await server.call('POST', `/api/users/${b.user_id}/follow`, { token: a.token })).status).toBe(200)
    expect((await server.call('GET', `/api/users/${b.user_id}/stats`)).body.data).toMatchObject({ fans_count: 1 })
    const followers = await server.call<{ followers: Array<{ user_id: string }> }>('GET', `/api/users/${b.user_id}/followers`, { token: b.token })
    expect(followers.body.data.followers.map((f) => f.user_id)).toEqual([a.user_id])
    const search = await server.call<{ users: Array<{ user_id: string }> }>('GET', `/api/users/search?keyword=${b.user_id}`)
    expect(search.body.data.users[0]!.user_id).toBe(b.user_id)
    for (let i = 0; i < 2; i++) expect((await server.call('DELETE', `/api/users/${b.user_id}/follow`, { token: a.token })).status).toBe(200)
    expect((await server.call('GET', `/api/users/${b.user_id}/stats`)).body.data).toMatchObject({ fans_count: 0 })
    await server.call('POST', `/api/users/${b.user_id}/follow`, { token: a.token })
    const count = await dbQuery<{ n: string | number }>(server.deps.db, 'SELECT COUNT(*) AS n FROM notifications WHERE user_id = ? AND type = 6', [b.id])
    expect(Number(count[0]!.n)).toBe(1)
  })

  it('notification pages, unread counts, read-all', async () => {
    const post = await insertPost(server.deps.db, b.id, { image: '/uploads/images/x.webp' })
    const comment = await insertComment(server.deps.db, b.id, post, '原评论')
    const reply = await insertComment(server.deps.db, a.id, post, '回复', comment)
    await insertLike(server.deps.db, b.id, 2, reply)
    await insertNotification(server.deps.db, { userId: b.id, senderId: a.id, type: 5, postId: post, commentId: reply })
    await settle(server.deps.db)
    const page = await server.call<{ notifications: Array<Record<string, unknown>> }>('GET', '/api/notifications/comments', { token: b.token })
    expect(page.status).toBe(200)
    expect(page.body.data.notifications[0]).toMatchObject({ comment_content: '回复', parent_comment_content: '原评论', comment_is_liked: true, post_image: '/uploads/images/x.webp', target_type: 2 })
    expect((await server.call('GET', '/api/notifications/unread-count-by-type', { token: b.token })).body.data).toMatchObject({ comments: 1, follows: 1, total: 2 })
    expect((await server.call('PUT', '/api/notifications/read-all', { token: b.token })).status).toBe(200)
    expect((await server.call('GET', '/api/notifications/unread-count', { token: b.token })).body.data).toEqual({ count: 0 })
  })

  it('verification apply and withdraw', async () => {
    const json = { type: 2, realName: '张三', idCard: '110101199001011234', occupation: '学生', reason: '测试' }
    expect((await server.call('POST', '/api/users/verification', { token: b.token, json })).status).toBe(200)
    expect((await server.call<unknown[]>('GET', '/api/users/verification/status', { token: b.token })).body.data).toMatchObject([{ status: 0, type: 2 }])
    expect((await server.call('DELETE', '/api/users/verification/revoke', { token: b.token })).body).toMatchObject({ code: 200, data: [] })
  })

  it('account deletion keeps every counter equal to its rows', async () => {
    const doomed = await registerMember(server)
    const post = await insertPost(server.deps.db, doomed.id)
    await insertLike(server.deps.db, a.id, 1, post)
    const theirs = await insertPost(server.deps.db, a.id)
    await insertLike(server.deps.db, doomed.id, 1, theirs)
    await insertComment(server.deps.db, doomed.id, theirs)
    await server.call('POST', `/api/users/${a.user_id}/follow`, { token: doomed.token })
    await settle(server.deps.db)
    expect((await server.call('DELETE', `/api/users/${doomed.user_id}`, { token: doomed.token, json: { password: 'secret123' } })).status).toBe(200)
    expect(await counterMismatches(server.deps.db)).toEqual([])
    expect((await server.call('GET', `/api/users/${a.user_id}/stats`)).body.data).toMatchObject({ fans_count: 0, like_count: 0 })
  })

  it('the database rate limiter counts and refuses over the limit', async () => {
    const m = await registerMember(server)
    let last = 0
    for (let i = 0; i < 41 && last !== 429; i++) last = (await server.call('PUT', `/api/users/${m.user_id}`, { token: m.token, json: { bio: `第${i}次` } })).status
    expect(last).toBe(429)
  })
})
