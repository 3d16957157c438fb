import { hashPassword } from '../../../server/auth/passwords'
import { openSession } from '../../../server/auth/sessions'
import { Admin, Category, Post, User } from '../../../server/db/entities'
import { inTransaction } from '../../../server/db/transaction'
import { searchText } from '../../../server/search/tokenizer'
import type { TestServer } from '../../support/server'

export const ADMIN_PASSWORD = 'admin-pass-123'

/** An administrator row, as `npm run admin:create` makes it. */
export async function createAdmin(server: TestServer, username = 'root', password = ADMIN_PASSWORD): Promise<Admin> {
  const passwordHash = await hashPassword(password)
  return inTransaction(server.deps.db, (m) => m.getRepository(Admin).save(m.getRepository(Admin).create({ username, password_hash: passwordHash, is_active: true })))
}

/** Sign in through the API and return the access token. */
export async function adminToken(server: TestServer, username = 'root', password = ADMIN_PASSWORD): Promise<string> {
  const { status, body } = await server.call<{ tokens: { access_token: string } }>('POST', '/api/auth/admin/login', { json: { username, password } })
  if (status !== 200) throw new Error(`admin login failed: ${status} ${body.message}`)
  return body.data.tokens.access_token
}

/** Members made per server: member1, member2, … in each test server (test files share this module). */
const memberCounts = new WeakMap<TestServer, number>()

/** A member row plus a real user access token for it (a user token must never pass as an admin token). */
export async function createMember(server: TestServer, overrides: Partial<User> = {}): Promise<{ user: User; token: string }> {
  const userSeq = (memberCounts.get(server) ?? 0) + 1
  memberCounts.set(server, userSeq)
  const passwordHash = await hashPassword('member-pass')
  const row = { user_id: `member${userSeq}`, nickname: `成员${userSeq}`, password_hash: passwordHash, location: '未知', avatar: '', ...overrides }
  const user = await inTransaction(server.deps.db, (m) => m.getRepository(User).save(m.getRepository(User).create(row)))
  const { tokens } = await openSession(server.deps.db, server.deps.config.jwtSecret, 'user', user.id, { userAgent: 'vitest', ip: '127.0.0.1' })
  return { user, token: tokens.access_token }
}

export async function createCategory(server: TestServer, name = '学习', title = 'study'): Promise<Category> {
  return inTransaction(server.deps.db, (m) => m.getRepository(Category).save(m.getRepository(Category).create({ name, category_title: title, post_count: 0 })))
}

/** A bare note row (no counters moved), for read-only tests; writes go through the API. */
export async function insertPost(server: TestServer, userId: number, fields: Partial<Post> = {}): Promise<Post> {
  const title = fields.title ?? '一篇笔记'
  const content = fields.content ?? '<p>内容</p>'
  return inTransaction(server.deps.db, (m) =>
    m.getRepository(Post).save(m.getRepository(Post).create({ user_id: userId, title, content, type: 1, is_draft: false, search_text: searchText(title, content), ...fields })),
  )
}

/** Upload a real PNG through the member upload route; returns its /uploads/... URL. */
export async function uploadImage(server: TestServer, userToken: string, color = '#c33'): Promise<string> {
  const { default: sharp } = await import('sharp')
  const png = await sharp({ create: { width: 64, height: 48, channels: 3, background: color } }).png().toBuffer()
  const form = new FormData()
  form.append('file', new Blob([new Uint8Array(png)], { type: 'image/png' }), 'a.png')
  const { status, body } = await server.call<{ url: string }>('POST', '/api/upload/single', { token: userToken, body: form })
  if (status !== 200) throw new Error(`upload failed: ${status} ${body.message}`)
  return body.data.url
}
