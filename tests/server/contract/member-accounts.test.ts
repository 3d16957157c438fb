import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { must, SpecClient } from './support/spec-client'
import type { Application, FollowEntry, FollowState, Pagination, Profile, Session } from './support/spec-types'
import { adminRows, newUserId, register, startWorld, uploadImage, type Member, type World } from './support/world'

/*
 * M §7 Auth and Users, as a client written from the specification sends and reads them. Every assertion
 * names a field the spec names; nothing here knows Shiliu's code.
 */

let world: World
let alice: Member
let bob: Member

beforeAll(async () => {
  world = await startWorld()
  alice = await register(world, newUserId('alice'), '爱丽丝')
  bob = await register(world, newUserId('bob'), '小鲍')
})
afterAll(() => world?.close())

describe('M §7 Auth', () => {
  it('POST /auth/register with the client-bundled default avatar (an absolute URL of another origin) signs in', async () => {
    const client = new SpecClient(world.origin)
    const captcha = must(await client.get<{ captchaId: string; captchaSvg: string; text: string }>('/auth/captcha'), 'captcha')
    expect(captcha.captchaSvg).toContain('<svg')
    const userId = newUserId('reg')
    const reply = await client.post<Session>('/auth/register', {
      user_id: userId,
      nickname: '新同学',
      password: 'secret123',
      captchaId: captcha.captchaId,
      captchaText: captcha.text,
      avatar: 'http://client.example:5173/assets/avatar-8c1e2f.png',
      bio: 'user has no bio',
      location: 'unknown',
    })
    expect(reply.success).toBe(true)
    expect(reply.data.tokens.access_token).toBeTruthy()
    expect(reply.data.user.user_id).toBe(userId)
    // Whatever avatar the server keeps is one every viewer may load from this server.
    expect(reply.data.user.avatar.startsWith('/') || reply.data.user.avatar.startsWith(world.origin)).toBe(true)
  })

  it('GET /auth/check-user-id → isUnique', async () => {
    expect(must(await world.visitor.get<{ isUnique: boolean }>('/auth/check-user-id', { user_id: alice.user_id }), 'check').isUnique).toBe(false)
    expect(must(await world.visitor.get<{ isUnique: boolean }>('/auth/check-user-id', { user_id: newUserId('free') }), 'check').isUnique).toBe(true)
  })

  it('POST /auth/login → tokens and user; GET /auth/me → data.user_id; POST /auth/refresh → tokens.access_token; POST /auth/logout', async () => {
    const client = new SpecClient(world.origin)
    const login = must(await client.post<Session>('/auth/login', { user_id: alice.user_id, password: 'secret123' }), 'login')
    expect(login.user.nickname).toBe('爱丽丝')
    client.token = login.tokens.access_token
    expect(must(await client.get<{ user_id: string }>('/auth/me'), 'me').user_id).toBe(alice.user_id)
    const refreshed = must(await client.post<Session>('/auth/refresh', { refresh_token: login.tokens.refresh_token }), 'refresh')
    expect(refreshed.tokens.access_token).toBeTruthy()
    client.token = refreshed.tokens.access_token
    expect((await client.post('/auth/logout')).success).toBe(true)
    expect((await client.get('/auth/me')).status).toBe(401)
  })
})

describe('M §7 Users', () => {
  it('GET /users/{id} (profile), /stats and /personality-tags', async () => {
    const profile = must(await world.visitor.get<Profile>(`/users/${alice.user_id}`), 'profile')
    expect(profile).toMatchObject({ user_id: alice.user_id, nickname: '爱丽丝', verified: 0 })
    expect(Array.isArray(profile.interests)).toBe(true)
    const stats = must(await world.visitor.get<Profile>(`/users/${alice.user_id}/stats`), 'stats')
    for (const key of ['follow_count', 'fans_count', 'post_count', 'like_count', 'collect_count', 'likes_and_collects'] as const) expect(typeof stats[key]).toBe('number')
    expect((await world.visitor.get(`/users/${alice.user_id}/personality-tags`)).success).toBe(true)
  })

  it('PUT /users/{id} with the editor fields, including an uploaded avatar', async () => {
    const avatar = await uploadImage(alice)
    const reply = await alice.put<Profile>(`/users/${alice.user_id}`, { avatar, nickname: '爱丽丝', bio: '你好', gender: '女', zodiac_sign: '白羊座', mbti: 'INTJ', education: '本科', major: '数学', interests: ['读书', '跑步'] })
    expect(reply.success).toBe(true)
    const profile = must(await world.visitor.get<Profile>(`/users/${alice.user_id}`), 'profile')
    expect(profile).toMatchObject({ bio: '你好', gender: '女', mbti: 'INTJ', interests: ['读书', '跑步'] })
    expect(profile.avatar).toContain(new URL(avatar, world.origin).pathname)
    const tags = must(await world.visitor.get<{ tags?: string[] }>(`/users/${alice.user_id}/personality-tags`), 'tags')
    expect(JSON.stringify(tags)).toContain('INTJ')
  })

  it('POST / DELETE /users/{id}/follow and GET /follow-status → followed, isMutual, buttonType', async () => {
    expect((await bob.post(`/users/${alice.user_id}/follow`)).success).toBe(true)
    expect(must(await bob.get<FollowState>(`/users/${alice.user_id}/follow-status`), 'status')).toMatchObject({ followed: true, isMutual: false })
    expect((await alice.post(`/users/${bob.user_id}/follow`)).success).toBe(true)
    const mutual = must(await alice.get<FollowState>(`/users/${bob.user_id}/follow-status`), 'status')
    expect(mutual).toMatchObject({ followed: true, isMutual: true })
    expect(typeof mutual.buttonType).toBe('string')
  })

  it('a visitor asking GET /users/{id}/follow-status (with `Bearer null`) reads followed: false (M §8)', async () => {
    const reply = await world.visitor.get<FollowState>(`/users/${alice.user_id}/follow-status`)
    expect(reply.success).toBe(true)
    expect(reply.data.followed).toBe(false)
  })

  it('GET /users/{id}/mutual-follows, /following, /followers → data.mutualFollows / following / followers', async () => {
    const lists: Array<[string, string]> = [
      ['mutual-follows', 'mutualFollows'],
      ['following', 'following'],
      ['followers', 'followers'],
    ]
    for (const [path, key] of lists) {
      const data = must(await alice.get<Record<string, FollowEntry[]> & { pagination?: Pagination }>(`/users/${alice.user_id}/${path}`, { page: 1, limit: 50 }), path)
      const entry = data[key]!.find((u) => u.user_id === bob.user_id)
      expect(entry, path).toMatchObject({ nickname: '小鲍', user_id: bob.user_id })
      expect(typeof entry!.isMutual).toBe('boolean')
      expect(data.pagination?.total, path).toBe(1)
    }
  })

  it('GET /users/search?keyword= (limit 50) → data.users', async () => {
    const data = must(await alice.get<{ users: FollowEntry[] }>('/users/search', { keyword: 'bob', limit: 50 }), 'search')
    expect(data.users.map((u) => u.user_id)).toContain(bob.user_id)
  })

  it('PUT /users/{id}/password with currentPassword, newPassword', async () => {
    const member = await register(world)
    expect((await member.put(`/users/${member.user_id}/password`, { currentPassword: 'secret123', newPassword: 'secret456' })).success).toBe(true)
    expect((await new SpecClient(world.origin).post('/auth/login', { user_id: member.user_id, password: 'secret456' })).success).toBe(true)
  })

  it('DELETE /users/{id} with the password deletes the account; without it or with a wrong one, nothing happens', async () => {
    const member = await register(world)
    const bare = await member.del(`/users/${member.user_id}`)
    expect(bare.success).toBe(false)
    expect(bare.message).toBe('请输入密码以确认注销')
    const wrong = await member.del(`/users/${member.user_id}`, { password: 'not-mine' })
    expect(wrong.message).toBe('密码错误，无法注销账号')
    expect((await world.visitor.get(`/users/${member.user_id}`)).success).toBe(true)
    expect((await member.del(`/users/${member.user_id}`, { password: 'secret123' })).success).toBe(true)
    expect((await world.visitor.get(`/users/${member.user_id}`)).success).toBe(false)
  })
})

describe('M §7 Users: verification', () => {
  const personal = { type: 2, realName: '张三', idCard: '110101199001011234', occupation: '学生', reason: '校园博主' }

  it('GET /users/verification/status is the list of the member\'s applications (none: an empty list)', async () => {
    const member = await register(world)
    const status = must(await member.get<Application[]>('/users/verification/status'), 'status')
    expect(Array.isArray(status)).toBe(true)
    expect(status.find((a) => a.type === 2)).toBeUndefined()
  })

  it('POST /users/verification (type, content), then the status list finds it by type; DELETE /revoke withdraws', async () => {
    const member = await register(world)
    expect((await member.post('/users/verification', personal)).success).toBe(true)
    const status = must(await member.get<Application[]>('/users/verification/status'), 'status')
    const mine = status.find((a) => a.type === 2)
    expect(mine).toMatchObject({ type: 2, status: 0 })
    // The ID-card number a member typed is never echoed.
    expect(JSON.stringify(status)).not.toContain('110101199001011234')
    expect((await member.del('/users/verification/revoke')).success).toBe(true)
    expect(must(await member.get<Application[]>('/users/verification/status'), 'status')).toEqual([])
  })

  it('lists the newest application first, with the administrator\'s decision', async () => {
    const member = await register(world)
    must(await member.post('/users/verification', personal), 'apply')
    const [row] = adminRows(must(await world.admin.get('/admin/verifications', { search: member.user_id }), 'audit list'))
    must(await world.admin.put(`/admin/audit/${row!.id}/reject`), 'reject')
    must(await member.post('/users/verification', { ...personal, type: 1, organizationName: '石榴大学', creditCode: '12100000400000000X', contactName: '李四', contactPhone: '13800000000' }), 'apply again')
    const status = must(await member.get<Application[]>('/users/verification/status'), 'status')
    expect(status[0]).toMatchObject({ type: 1, status: 0 })
  })
})
