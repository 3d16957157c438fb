import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { toIso } from '../../server/db/reader'
import { findCounterMismatches } from '../../server/domain/counters'
import { DEMO_ADMIN, DEMO_MEMBER, GENERATED_PASSWORD, seedDemoIfEmpty } from '../../server/seed/demo'
import { readOutbox } from '../../server/mail/transport'
import { counterMismatches } from '../support/consistency'
import { startTestServer, type TestServer } from '../support/server'
import { dbQuery } from '../support/sql'

type Row = Record<string, unknown>

describe('demo dataset (SHILIU_DEMO=1 on a fresh database)', () => {
  let server: TestServer
  let startSeconds = 0
  const q = (sql: string, params: unknown[] = []) => dbQuery(server.deps.db, sql, params) as Promise<Row[]>
  const num = async (sql: string, params: unknown[] = []) => Number(Object.values((await q(sql, params))[0] ?? {})[0] ?? 0)

  beforeAll(async () => {
    const started = Date.now()
    server = await startTestServer({ SHILIU_DEMO: '1' })
    startSeconds = (Date.now() - started) / 1000
  }, 120_000)
  afterAll(() => server?.close())

  it('seeds while the server starts, in a few seconds', () => {
    expect(startSeconds).toBeLessThan(20)
  })

  it('every counter equals the number of rows it counts', async () => {
    expect(await counterMismatches(server.deps.db)).toEqual([])
    expect(await findCounterMismatches(server.deps.db)).toEqual([])
  })

  it('has the promised numbers: people, notes of both kinds, drafts, tags, comments, likes, collections, follows', async () => {
    expect(await num('SELECT COUNT(*) FROM users')).toBeGreaterThanOrEqual(40)
    expect(await num("SELECT COUNT(*) FROM users WHERE avatar LIKE '/uploads/demo/avatars/%' AND bio <> '' AND mbti IS NOT NULL AND interests IS NOT NULL")).toBeGreaterThanOrEqual(40)
    expect(await num('SELECT COUNT(*) FROM posts WHERE is_draft = FALSE')).toBeGreaterThanOrEqual(300)
    expect(await num('SELECT COUNT(*) FROM posts WHERE is_draft = FALSE AND type = 1')).toBeGreaterThan(200)
    expect(await num('SELECT COUNT(*) FROM posts WHERE is_draft = FALSE AND type = 2')).toBeGreaterThanOrEqual(3)
    expect(await num('SELECT COUNT(*) FROM posts WHERE is_draft = TRUE')).toBeGreaterThan(0)
    expect(await num('SELECT COUNT(*) FROM categories')).toBeGreaterThanOrEqual(8)
    const titles = (await q('SELECT category_title FROM categories')).map((r) => String(r.category_title))
    expect(titles.filter((t) => !/^[a-z]+$/.test(t))).toEqual([])
    expect(await num('SELECT COUNT(*) FROM post_tags')).toBeGreaterThan(300)
    expect(await num('SELECT COUNT(*) FROM comments WHERE parent_id IS NULL')).toBeGreaterThan(300)
    expect(await num('SELECT COUNT(*) FROM comments WHERE parent_id IS NOT NULL')).toBeGreaterThan(100)
    expect(await num('SELECT COUNT(*) FROM likes WHERE target_type = 1')).toBeGreaterThan(1000)
    expect(await num('SELECT COUNT(*) FROM likes WHERE target_type = 2')).toBeGreaterThan(100)
    expect(await num('SELECT COUNT(*) FROM collections')).toBeGreaterThan(300)
    expect(await num('SELECT COUNT(*) FROM follows a JOIN follows b ON a.follower_id = b.following_id AND a.following_id = b.follower_id')).toBeGreaterThan(0)
    expect(await num('SELECT COUNT(*) FROM posts WHERE hot_score = 0 AND is_draft = FALSE')).toBe(0)
    // Drafts are not searchable (server/domain/notes.ts); published notes all are.
    expect(await num("SELECT COUNT(*) FROM posts WHERE (search_text = '') <> is_draft")).toBe(0)
  })

  it('image notes have 1-9 ordered images with sizes and thumbnails; video notes one video with a cover', async () => {
    const images = await q('SELECT p.id, COUNT(i.id) AS n, MIN(i.sort_order) AS lo, MAX(i.sort_order) AS hi FROM posts p LEFT JOIN post_images i ON i.post_id = p.id WHERE p.type = 1 GROUP BY p.id')
    for (const r of images) {
      expect(Number(r.n)).toBeGreaterThanOrEqual(1)
      expect(Number(r.n)).toBeLessThanOrEqual(9)
      expect([Number(r.lo), Number(r.hi)]).toEqual([0, Number(r.n) - 1])
    }
    expect(await num("SELECT COUNT(*) FROM post_images WHERE width <= 0 OR height <= 0 OR thumbnail_url IS NULL OR url NOT LIKE '/uploads/demo/%'")).toBe(0)
    expect(await num('SELECT COUNT(*) FROM posts p WHERE p.type = 2 AND NOT EXISTS (SELECT 1 FROM post_videos v WHERE v.post_id = p.id AND v.cover_url IS NOT NULL)')).toBe(0)
    expect(await num('SELECT COUNT(*) FROM post_images i JOIN posts p ON p.id = i.post_id WHERE p.type = 2')).toBe(0)
  })

  it('serves the media the rows point at (images, thumbnails, avatars, videos, covers)', async () => {
    const [row] = await q(
      "SELECT (SELECT url FROM post_images LIMIT 1) AS image, (SELECT thumbnail_url FROM post_images LIMIT 1) AS thumb, (SELECT avatar FROM users WHERE avatar LIKE '/uploads/demo/%' LIMIT 1) AS avatar, (SELECT url FROM post_videos LIMIT 1) AS video, (SELECT cover_url FROM post_videos LIMIT 1) AS cover",
    )
    for (const url of Object.values(row ?? {})) {
      const res = await server.fetch(String(url), { method: 'HEAD' })
      expect(res.status, String(url)).toBe(200)
    }
    const video = await server.fetch(String(row?.video), { headers: { Range: 'bytes=0-99' } })
    expect(video.status).toBe(206)
  })

  it('replies attach to a top-level comment of the same note and say whom they answer, after it', async () => {
    expect(await num('SELECT COUNT(*) FROM comments r JOIN comments p ON p.id = r.parent_id WHERE p.parent_id IS NOT NULL OR p.post_id <> r.post_id')).toBe(0)
    expect(await num('SELECT COUNT(*) FROM comments WHERE parent_id IS NOT NULL AND reply_to_user_id IS NULL')).toBe(0)
    expect(await num('SELECT COUNT(*) FROM comments r JOIN comments p ON p.id = r.parent_id WHERE r.created_at < p.created_at')).toBe(0)
    expect(await num('SELECT COUNT(*) FROM comments c JOIN posts p ON p.id = c.post_id WHERE c.created_at < p.created_at OR p.is_draft = TRUE')).toBe(0)
    expect(await num('SELECT COUNT(*) FROM likes l JOIN posts p ON p.id = l.target_id WHERE l.target_type = 1 AND (l.created_at < p.created_at OR l.user_id = p.user_id)')).toBe(0)
  })

  it('mentions are [@nickname:userId] of existing members', async () => {
    const rows = await q("SELECT content FROM comments WHERE content LIKE '%[@%' UNION ALL SELECT content FROM posts WHERE content LIKE '%[@%'")
    expect(rows.length).toBeGreaterThan(5)
    const users = new Map((await q('SELECT user_id, nickname FROM users')).map((u) => [String(u.user_id), String(u.nickname)]))
    for (const { content } of rows) {
      for (const m of String(content).matchAll(/\[@([^\]:\n]{1,40}):([A-Za-z0-9_]{1,40})\]/g)) expect(users.get(m[2]!)).toBe(m[1])
    }
  })

  it('has verification applications in every state; approvals match the badges, rejections say why', async () => {
    const states = (await q('SELECT DISTINCT status FROM verifications ORDER BY status')).map((r) => Number(r.status))
    expect(states).toEqual([0, 1, 2])
    expect(await num('SELECT COUNT(*) FROM verifications v JOIN users u ON u.id = v.user_id WHERE v.status = 1 AND u.verified <> v.type')).toBe(0)
    expect(await num('SELECT COUNT(*) FROM users u WHERE u.verified <> 0 AND NOT EXISTS (SELECT 1 FROM verifications v WHERE v.user_id = u.id AND v.status = 1)')).toBe(0)
    expect(await num("SELECT COUNT(*) FROM verifications WHERE status = 2 AND (admin_note IS NULL OR admin_note = '' OR audit_time IS NULL)")).toBe(0)
    expect(await num("SELECT COUNT(*) FROM verifications WHERE content NOT LIKE '<table>%'")).toBe(0)
  })

  it('has notifications of all 9 types, each matching the row it reports', async () => {
    const types = (await q('SELECT DISTINCT type FROM notifications ORDER BY type')).map((r) => Number(r.type))
    expect(types).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9])
    const unmatched: Record<number, string> = {
      1: 'NOT EXISTS (SELECT 1 FROM likes l JOIN posts p ON p.id = l.target_id WHERE l.target_type = 1 AND l.target_id = n.target_id AND l.user_id = n.sender_id AND p.user_id = n.user_id)',
      2: 'NOT EXISTS (SELECT 1 FROM likes l JOIN comments c ON c.id = l.target_id WHERE l.target_type = 2 AND c.id = n.comment_id AND c.post_id = n.target_id AND l.user_id = n.sender_id AND c.user_id = n.user_id)',
      3: 'NOT EXISTS (SELECT 1 FROM collections c JOIN posts p ON p.id = c.post_id WHERE c.post_id = n.target_id AND c.user_id = n.sender_id AND p.user_id = n.user_id)',
      4: 'NOT EXISTS (SELECT 1 FROM comments c JOIN posts p ON p.id = c.post_id WHERE c.id = n.comment_id AND c.post_id = n.target_id AND c.user_id = n.sender_id AND p.user_id = n.user_id)',
      5: 'NOT EXISTS (SELECT 1 FROM comments c WHERE c.id = n.comment_id AND c.post_id = n.target_id AND c.user_id = n.sender_id AND c.parent_id IS NOT NULL AND c.reply_to_user_id = n.user_id)',
      6: 'NOT EXISTS (SELECT 1 FROM follows f WHERE f.follower_id = n.sender_id AND f.following_id = n.user_id)',
      7: "NOT EXISTS (SELECT 1 FROM comments c JOIN users u ON u.id = n.user_id WHERE c.id = n.comment_id AND c.user_id = n.sender_id AND c.content LIKE CONCAT('%:', u.user_id, ']%'))",
      8: "NOT EXISTS (SELECT 1 FROM posts p JOIN users u ON u.id = n.user_id WHERE p.id = n.target_id AND p.user_id = n.sender_id AND p.content LIKE CONCAT('%:', u.user_id, ']%'))",
      // From the site itself (the showcase's handled reports, warning, ban and data export): no sender.
      9: 'n.sender_id IS NOT NULL',
    }
    for (const [type, condition] of Object.entries(unmatched)) {
      expect(await num(`SELECT COUNT(*) FROM notifications n WHERE n.type = ? AND ${condition}`, [Number(type)]), `type ${type}`).toBe(0)
    }
    expect(await num('SELECT COUNT(*) FROM notifications WHERE user_id = sender_id')).toBe(0)
    // One notification per person per comment (server/domain/comments.ts).
    expect(await num('SELECT COUNT(*) FROM (SELECT comment_id, user_id FROM notifications WHERE type IN (4, 5, 7) GROUP BY comment_id, user_id HAVING COUNT(*) > 1) x')).toBe(0)
    expect(await num('SELECT COUNT(*) FROM notifications WHERE is_read = FALSE')).toBeGreaterThan(0)
    expect(await num('SELECT COUNT(*) FROM notifications WHERE is_read = TRUE')).toBeGreaterThan(0)
  })

  it('spreads created times over the last ~60 days', async () => {
    const [row] = await q('SELECT MIN(created_at) AS first, MAX(created_at) AS last FROM posts')
    const first = Date.parse(toIso(row?.first as string | Date))
    const last = Date.parse(toIso(row?.last as string | Date))
    expect(Date.now() - first).toBeGreaterThan(50 * 86_400_000)
    expect(Date.now() - first).toBeLessThan(61 * 86_400_000)
    expect(Date.now() - last).toBeLessThan(2 * 86_400_000)
  })

  it('the demo member logs in and has notes, drafts, follows both ways and unread notifications of every tab', async () => {
    const { status, body } = await server.call<{ tokens: { access_token: string } }>('POST', '/api/auth/login', {
      json: { user_id: DEMO_MEMBER.user_id, password: DEMO_MEMBER.password },
    })
    expect(status, JSON.stringify(body)).toBe(200)
    expect(body.data.tokens.access_token).toBeTruthy()
    const [me] = await q('SELECT * FROM users WHERE user_id = ?', [DEMO_MEMBER.user_id])
    expect(me).toMatchObject({ nickname: DEMO_MEMBER.nickname })
    expect(Number(me?.post_count)).toBeGreaterThanOrEqual(3)
    expect(Number(me?.follow_count)).toBeGreaterThan(5)
    expect(Number(me?.fans_count)).toBeGreaterThan(5)
    expect(await num('SELECT COUNT(*) FROM posts WHERE user_id = ? AND is_draft = TRUE', [me?.id])).toBeGreaterThan(0)
    expect(await num('SELECT COUNT(*) FROM follows a JOIN follows b ON a.follower_id = b.following_id AND a.following_id = b.follower_id WHERE a.follower_id = ?', [me?.id])).toBeGreaterThan(0)
    const unread = (await q('SELECT DISTINCT type FROM notifications WHERE user_id = ? AND is_read = FALSE', [me?.id])).map((r) => Number(r.type))
    for (const tab of [[4, 5, 7, 8], [1, 2], [3], [6]]) expect(unread.some((t) => tab.includes(t)), `unread of ${tab}`).toBe(true)
    const all = (await q('SELECT DISTINCT type FROM notifications WHERE user_id = ? ORDER BY type', [me?.id])).map((r) => Number(r.type))
    expect(all).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9])
  })

  it('every back-office screen has something to show (issue 43): queue, review, watched words, ban, warning, outbox, export', async () => {
    const admin = await server.call<{ tokens: { access_token: string } }>('POST', '/api/auth/admin/login', { json: { username: DEMO_ADMIN.username, password: DEMO_ADMIN.password } })
    const token = admin.body.data.tokens.access_token
    const rows = async <T,>(path: string) => {
      const { status, body } = await server.call<{ data: T[] }>('GET', path, { token })
      expect(status, `${path}: ${JSON.stringify(body)}`).toBe(200)
      return body.data.data
    }
    // The moderation queue: an open group of each kind, the note's with three reporters.
    const open = await q('SELECT target_type, report_count FROM report_groups WHERE status = 0 ORDER BY target_type')
    expect(open.map((g) => g.target_type)).toEqual(['comment', 'post', 'user'])
    expect(Number(open.find((g) => g.target_type === 'post')?.report_count)).toBe(3)
    expect((await rows<{ status: number }>('/api/admin/reports?status=0')).length).toBe(3)
    // Held for review: a note and a comment.
    expect(await num('SELECT COUNT(*) FROM posts WHERE moderation = 2 AND is_draft = FALSE')).toBe(1)
    expect(await num('SELECT COUNT(*) FROM comments WHERE moderation = 2')).toBe(1)
    expect((await rows('/api/admin/posts-audit')).length).toBeGreaterThan(0)
    expect((await rows('/api/admin/comments-audit')).length).toBeGreaterThan(0)
    // Watched words of each action.
    expect((await q('SELECT DISTINCT action FROM watched_words ORDER BY action')).map((r) => r.action)).toEqual(['block', 'replace', 'review'])
    // A member under a timed ban (ends in the future), and a warned one (told so by a site notification).
    const [ban] = await q('SELECT user_id, ends_at FROM user_bans WHERE open_user_id IS NOT NULL AND lifted_at IS NULL')
    expect(Date.parse(toIso(ban?.ends_at as string | Date))).toBeGreaterThan(Date.now() + 2 * 86_400_000)
    const [warned] = await q("SELECT author_id FROM report_groups WHERE resolution = 'warn'")
    expect(await num("SELECT COUNT(*) FROM notifications WHERE user_id = ? AND type = 9 AND title = '社区警告'", [warned?.author_id])).toBe(1)
    // Mails in the outbox folder (shown by GET /api/admin/outbox when SMTP_URL=outbox, as npm run demo sets it).
    expect(readOutbox(server.dataDir).map((m) => m.to)).toEqual(['demo@example.edu', 'demo@example.edu', 'demo@example.edu'])
    // The demo member's data export: ready, and it downloads.
    const member = await server.call<{ tokens: { access_token: string } }>('POST', '/api/auth/login', { json: { user_id: DEMO_MEMBER.user_id, password: DEMO_MEMBER.password } })
    const exported = await server.call<{ status: string; download_url: string }>('GET', '/api/users/data-export', { token: member.body.data.tokens.access_token })
    expect(exported.body.data).toMatchObject({ status: 'ready' })
    const zip = await server.fetch(exported.body.data.download_url, { token: member.body.data.tokens.access_token })
    expect(zip.status).toBe(200)
    expect(Buffer.from(await zip.arrayBuffer()).subarray(0, 2).toString()).toBe('PK')
  })

  it('the demo administrator logs in; generated members share the documented password', async () => {
    const admin = await server.call('POST', '/api/auth/admin/login', { json: { username: DEMO_ADMIN.username, password: DEMO_ADMIN.password } })
    expect(admin.status, JSON.stringify(admin.body)).toBe(200)
    const [someone] = await q("SELECT user_id FROM users WHERE user_id <> 'demo' ORDER BY id LIMIT 1")
    const member = await server.call('POST', '/api/auth/login', { json: { user_id: someone?.user_id, password: GENERATED_PASSWORD } })
    expect(member.status, JSON.stringify(member.body)).toBe(200)
  })

  it("gives the demo member a personalised 推荐 at once: the seed ends by computing the discovery signals", async () => {
    type Page = { posts: Array<{ id: number; recommend_reason?: { type: string; text: string } | null }> }
    const login = await server.call<{ tokens: { access_token: string } }>('POST', '/api/auth/login', { json: { user_id: DEMO_MEMBER.user_id, password: DEMO_MEMBER.password } })
    const token = login.body.data.tokens.access_token
    const mine = await server.call<Page>('GET', '/api/posts?recommend=1&page=1&limit=20', { token })
    const visitors = await server.call<Page>('GET', '/api/posts?recommend=1&page=1&limit=20')
    expect(mine.status, JSON.stringify(mine.body)).toBe(200)
    expect(visitors.status).toBe(200)
    expect(mine.body.data.posts.some((p) => p.recommend_reason?.text), JSON.stringify(mine.body.data.posts.slice(0, 3))).toBe(true)
    expect(mine.body.data.posts.map((p) => p.id)).not.toEqual(visitors.body.data.posts.map((p) => p.id))
    const [me] = await q('SELECT id FROM users WHERE user_id = ?', [DEMO_MEMBER.user_id])
    expect(await num('SELECT COUNT(*) FROM member_affinities WHERE user_id = ?', [me?.id])).toBeGreaterThan(0)
    expect(await num('SELECT COUNT(*) FROM note_neighbours')).toBeGreaterThan(0)
  })

  it('does nothing when the database already has users', async () => {
    const before = await num('SELECT COUNT(*) FROM posts')
    expect(await seedDemoIfEmpty(server.deps)).toBeNull()
    expect(await num('SELECT COUNT(*) FROM posts')).toBe(before)
  })
})
