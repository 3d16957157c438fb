import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { counterMismatches } from '../../support/consistency'
import { loginMember, registerMember, uniqueId, type Member } from '../../support/members'
import { insertCategory, insertCollection, insertComment, insertFollow, insertLike, insertNotification, insertPost, insertTag, settle } from '../../support/rows'
import { startTestServer, type TestServer } from '../../support/server'
import { dbQuery } from '../../support/sql'
import { uploadImage } from './support/notes'

describe('member users: profile, update, password, deletion', () => {
  let server: TestServer
  let alice: Member
  let bob: Member
  beforeAll(async () => {
    server = await startTestServer()
    alice = await registerMember(server)
    bob = await registerMember(server)
  })
  afterAll(() => server?.close())

  describe('GET /users/{id}, stats, personality-tags', () => {
    it('shows a public profile by display id, without private fields', async () => {
      const { status, body } = await server.call<Record<string, unknown>>('GET', `/api/users/${alice.user_id}`)
      expect(status).toBe(200)
      expect(body.data).toMatchObject({ user_id: alice.user_id, nickname: alice.nickname, bio: '用户没有任何简介', location: '未知', verified: 0, interests: [], likes_and_collects: 0 })
      for (const key of ['password_hash', 'is_active', 'id', 'updated_at']) expect(body.data).not.toHaveProperty(key)
    })

    it('404 for an unknown id, whatever it looks like', async () => {
      for (const id of ['nobody_here', '0', '-1', 'a.b', 'x'.repeat(70)]) {
        const { status, body } = await server.call('GET', `/api/users/${id}`)
        expect([id, status]).toEqual([id, 404])
        if (id.length < 64) expect(body.message).toBe('用户不存在')
      }
    })

    it('stats: the six counters', async () => {
      const { body } = await server.call('GET', `/api/users/${alice.user_id}/stats`)
      expect(body.data).toEqual({ follow_count: 0, fans_count: 0, post_count: 0, like_count: 0, collect_count: 0, likes_and_collects: 0 })
      expect((await server.call('GET', '/api/users/nobody_here/stats')).status).toBe(404)
    })

    it('personality tags: the profile fields as a list', async () => {
      const m = await registerMember(server)
      await server.call('PUT', `/api/users/${m.user_id}`, { token: m.token, json: { gender: '女', zodiac_sign: '双鱼座', mbti: 'infp', education: '本科', major: '计算机', interests: '摄影,旅行' } })
      const { body } = await server.call<{ tags: string[] }>('GET', `/api/users/${m.user_id}/personality-tags`)
      expect(body.data.tags).toEqual(['女', '双鱼座', 'INFP', '本科', '计算机', '摄影', '旅行'])
      expect((await server.call('GET', '/api/users/nobody_here/personality-tags')).status).toBe(404)
    })
  })

  describe('PUT /users/{id}', () => {
    it('updates every profile field and answers with the new profile', async () => {
      const m = await registerMember(server)
      const avatar = (await uploadImage(server, m.token)).url
      const json = {
        nickname: '新名字',
        bio: '<p>你好 <b>世界</b></p>',
        gender: '男',
        zodiac_sign: '白羊座',
        mbti: 'ENTJ',
        education: '硕士',
        major: '软件工程',
        interests: ['篮球', '音乐'],
        location: '北京',
        avatar: `http://127.0.0.1:3000${avatar}`,
        user_id: 'hijack',
        verified: 2,
        fans_count: 999,
      }
      const { status, body } = await server.call<Record<string, unknown>>('PUT', `/api/users/${m.user_id}`, { token: m.token, json })
      expect(status).toBe(200)
      expect(body.message).toBe('资料更新成功')
      expect(body.data).toMatchObject({ user_id: m.user_id, nickname: '新名字', bio: '你好 世界', gender: '男', mbti: 'ENTJ', interests: ['篮球', '音乐'], location: '北京', avatar, verified: 0, fans_count: 0 })
      const again = await server.call('GET', `/api/users/${m.user_id}`)
      expect(again.body.data).toMatchObject({ nickname: '新名字', major: '软件工程', education: '硕士', zodiac_sign: '白羊座' })
    })

    it('accepts interests as a JSON string or a comma-separated string, and clears fields with empty values', async () => {
      const m = await registerMember(server)
      const asJson = await server.call<{ interests: string[] }>('PUT', `/api/users/${m.user_id}`, { token: m.token, json: { interests: '["读书","跑步"]' } })
      expect(asJson.body.data.interests).toEqual(['读书', '跑步'])
      const asCsv = await server.call<{ interests: string[] }>('PUT', `/api/users/${m.user_id}`, { token: m.token, json: { interests: '读书，跑步,画画' } })
      expect(asCsv.body.data.interests).toEqual(['读书', '跑步', '画画'])
      const cleared = await server.call<Record<string, unknown>>('PUT', `/api/users/${m.user_id}`, { token: m.token, json: { interests: '', gender: '', mbti: '', bio: '' } })
      expect(cleared.body.data).toMatchObject({ interests: [], gender: null, mbti: null, bio: '用户没有任何简介' })
    })

    it.each([
      [{ nickname: '   ' }, '昵称不能为空'],
      [{ nickname: '一二三四五六七八九十一' }, '昵称不能超过10个字符'],
      [{ bio: '字'.repeat(201) }, '个人简介不能超过200个字符'],
      [{ bio: `<b>${'字'.repeat(201)}</b>` }, '个人简介不能超过200个字符'],
      [{ major: '一二三四五六七八九十一二' }, '专业不能超过11个字符'],
      [{ interests: ['a', 'b', 'c', 'd', 'e', 'f'] }, '兴趣爱好最多5个'],
      [{ interests: ['一二三四五六七八九'] }, '每个兴趣爱好最长8个字'],
      [{ interests: ['篮球', '篮球'] }, '兴趣爱好不能重复'],
      [{ interests: 42 }, '兴趣爱好格式不正确'],
      [{ gender: '其他' }, '性别只能是男或女'],
      [{ zodiac_sign: '龙座' }, '请选择正确的星座'],
      [{ education: '小学' }, '请选择正确的学历'],
      [{ mbti: 'ABCD' }, 'MBTI类型不正确'],
      [{ avatar: 12 }, '头像地址无效'],
      [{ location: '地'.repeat(51) }, '所在地不能超过50个字符'],
    ])('400 %j → %s, nothing saved', async (json, message) => {
      const { status, body } = await server.call('PUT', `/api/users/${alice.user_id}`, { token: alice.token, json })
      expect(status).toBe(400)
      expect(body.message).toBe(message)
      const profile = await server.call<Record<string, unknown>>('GET', `/api/users/${alice.user_id}`)
      expect(profile.body.data).toMatchObject({ nickname: alice.nickname, interests: [], gender: null })
    })

    it('an avatar on another origin (or escaping /uploads) becomes our default avatar: no viewer fetches a foreign URL', async () => {
      for (const avatar of ['https://evil.example/track.png', '/uploads/../secret', 'javascript:alert(1)']) {
        const { status, body } = await server.call<{ avatar: string }>('PUT', `/api/users/${alice.user_id}`, { token: alice.token, json: { avatar } })
        expect(status).toBe(200)
        expect(body.data.avatar).toBe('/uploads/defaults/avatar.webp')
      }
    })

    it('a bio of 200 visible characters with markup around it is fine', async () => {
      const { status } = await server.call('PUT', `/api/users/${alice.user_id}`, { token: alice.token, json: { bio: `<i>${'字'.repeat(200)}</i>` } })
      expect(status).toBe(200)
    })

    it('401 signed out, 403 on someone else, 404 for nobody', async () => {
      expect((await server.call('PUT', `/api/users/${alice.user_id}`, { json: { nickname: 'x' } })).status).toBe(401)
      const other = await server.call('PUT', `/api/users/${bob.user_id}`, { token: alice.token, json: { nickname: 'x' } })
      expect(other.status).toBe(403)
      expect(other.body.message).toBe('只能修改自己的资料')
      expect((await server.call('PUT', '/api/users/nobody_here', { token: alice.token, json: { nickname: 'x' } })).status).toBe(404)
      expect((await server.call('GET', `/api/users/${bob.user_id}`)).body.data).toMatchObject({ nickname: bob.nickname })
    })
  })

  describe('PUT /users/{id}/password', () => {
    it('changes the password and ends the other sessions, not this one', async () => {
      const m = await registerMember(server)
      const other = await loginMember(server, m.user_id)
      const { status, body } = await server.call('PUT', `/api/users/${m.user_id}/password`, { token: m.token, json: { currentPassword: 'secret123', newPassword: 'newpass456' } })
      expect(status).toBe(200)
      expect(body.message).toBe('密码修改成功')
      expect((await server.call('GET', '/api/auth/me', { token: m.token })).status).toBe(200)
      expect((await server.call('GET', '/api/auth/me', { token: other.token })).status).toBe(401)
      expect((await server.call('POST', '/api/auth/refresh', { json: { refresh_token: other.refresh } })).status).toBe(401)
      expect((await server.call('POST', '/api/auth/login', { json: { user_id: m.user_id, password: 'secret123' } })).status).toBe(400)
      expect((await server.call('POST', '/api/auth/login', { json: { user_id: m.user_id, password: 'newpass456' } })).status).toBe(200)
    })

    it.each([
      [{ newPassword: 'newpass456' }, '请输入当前密码'],
      [{ currentPassword: 'secret123' }, '请输入新密码'],
      [{ currentPassword: 'secret123', newPassword: '12345' }, '新密码至少需要6位'],
      [{ currentPassword: 'wrong-one', newPassword: 'newpass456' }, '当前密码错误，请检查后重新输入'],
      [{ currentPassword: 'secret123', newPassword: 'secret123' }, '新密码不能与当前密码相同'],
    ])('400 %j → %s', async (json, message) => {
      const { status, body } = await server.call('PUT', `/api/users/${bob.user_id}/password`, { token: bob.token, json })
      expect(status).toBe(400)
      expect(body.message).toBe(message)
    })

    it('401, 403, 404', async () => {
      const json = { currentPassword: 'secret123', newPassword: 'newpass456' }
      expect((await server.call('PUT', `/api/users/${bob.user_id}/password`, { json })).status).toBe(401)
      expect((await server.call('PUT', `/api/users/${bob.user_id}/password`, { token: alice.token, json })).status).toBe(403)
      expect((await server.call('PUT', '/api/users/nobody_here/password', { token: alice.token, json })).status).toBe(404)
    })
  })

  describe('DELETE /users/{id}', () => {
    it('401, 403, 404', async () => {
      expect((await server.call('DELETE', `/api/users/${bob.user_id}`)).status).toBe(401)
      const other = await server.call('DELETE', `/api/users/${bob.user_id}`, { token: alice.token, json: { password: 'secret123' } })
      expect(other.status).toBe(403)
      expect(other.body.message).toBe('只能注销自己的账号')
      expect((await server.call('DELETE', '/api/users/nobody_here', { token: alice.token, json: { password: 'secret123' } })).status).toBe(404)
      expect((await server.call('GET', `/api/users/${bob.user_id}`)).status).toBe(200)
    })

    it('removes the account and everything of it; every counter still equals its rows', async () => {
      const db = server.deps.db
      const doomed = await registerMember(server, uniqueId('doomed'))
      const [x, y] = [await registerMember(server), await registerMember(server)]
      const category = await insertCategory(db, 'deletion')
      const own = await insertPost(db, doomed.id, { category_id: category, image: '/uploads/a.webp' })
      await insertPost(db, doomed.id, { is_draft: true })
      const theirs = await insertPost(db, x.id, { category_id: category })
      await insertTag(db, '删除测试', [own, theirs])
      // Others' activity on the doomed member's note and comments, and the doomed member's on others'.
      const cOnOwn = await insertComment(db, x.id, own)
      await insertComment(db, y.id, own, '回复', cOnOwn)
      const cOnTheirs = await insertComment(db, doomed.id, theirs)
      const replyToDoomed = await insertComment(db, y.id, theirs, '回复你', cOnTheirs)
      const yTop = await insertComment(db, y.id, theirs)
      const doomedReply = await insertComment(db, doomed.id, theirs, '我的回复', yTop)
      await insertLike(db, x.id, 1, own)
      await insertLike(db, y.id, 2, cOnTheirs)
      await insertLike(db, x.id, 2, doomedReply)
      await insertLike(db, doomed.id, 1, theirs)
      await insertLike(db, doomed.id, 2, yTop)
      await insertCollection(db, y.id, own)
      await insertCollection(db, doomed.id, theirs)
      await insertFollow(db, doomed.id, x.id)
      await insertFollow(db, y.id, doomed.id)
      await insertNotification(db, { userId: doomed.id, senderId: x.id, type: 1, postId: own })
      await insertNotification(db, { userId: x.id, senderId: doomed.id, type: 6 })
      await insertNotification(db, { userId: x.id, senderId: y.id, type: 2, postId: theirs, commentId: replyToDoomed })
      await settle(db)

      const { status, body } = await server.call('DELETE', `/api/users/${doomed.user_id}`, { token: doomed.token, json: { password: 'secret123' } })
      expect(status).toBe(200)
      expect(body.message).toBe('账号已注销')

      expect((await server.call('GET', `/api/users/${doomed.user_id}`)).status).toBe(404)
      expect((await server.call('GET', '/api/auth/me', { token: doomed.token })).status).toBe(401)
      expect((await server.call('POST', '/api/auth/login', { json: { user_id: doomed.user_id, password: 'secret123' } })).status).toBe(400)
      const count = async (sqlText: string, params: unknown[] = []) => Number(((await dbQuery(db, sqlText, params)) as Array<{ n: number }>)[0]!.n)
      expect(await count('SELECT COUNT(*) AS n FROM posts WHERE user_id = ?', [doomed.id])).toBe(0)
      expect(await count('SELECT COUNT(*) AS n FROM comments WHERE user_id = ? OR post_id = ? OR id IN (?, ?)', [doomed.id, own, replyToDoomed, doomedReply])).toBe(0)
      expect(await count('SELECT COUNT(*) AS n FROM comments WHERE id = ?', [yTop])).toBe(1)
      expect(await count('SELECT COUNT(*) AS n FROM likes WHERE user_id = ? OR (target_type = 1 AND target_id = ?) OR (target_type = 2 AND target_id IN (?, ?))', [doomed.id, own, cOnTheirs, doomedReply])).toBe(0)
      expect(await count('SELECT COUNT(*) AS n FROM collections WHERE user_id = ? OR post_id = ?', [doomed.id, own])).toBe(0)
      expect(await count('SELECT COUNT(*) AS n FROM follows WHERE follower_id = ? OR following_id = ?', [doomed.id, doomed.id])).toBe(0)
      expect(await count('SELECT COUNT(*) AS n FROM notifications WHERE user_id = ? OR sender_id = ? OR target_id = ? OR comment_id = ?', [doomed.id, doomed.id, own, replyToDoomed])).toBe(0)
      expect(await count('SELECT COUNT(*) AS n FROM post_images WHERE post_id = ?', [own])).toBe(0)
      expect(await count('SELECT COUNT(*) AS n FROM sessions WHERE user_id = ?', [doomed.id])).toBe(0)
      expect(await counterMismatches(db)).toEqual([])
      // Spot checks of counters that moved.
      expect((await server.call('GET', `/api/users/${x.user_id}/stats`)).body.data).toMatchObject({ fans_count: 0, like_count: 0, collect_count: 0, post_count: 1 })
      expect((await server.call('GET', `/api/users/${y.user_id}/stats`)).body.data).toMatchObject({ follow_count: 0 })
    })
  })
})
