import sharp from 'sharp'
import { startTestServer, type TestServer } from '../../../support/server'
import { ADMIN_PASSWORD, createAdmin } from '../../admin/support'
import { must, SpecClient } from './spec-client'
import type { AdminLogin, Row, Session } from './spec-types'

/*
 * The stage of the contract suites: a real server (startTestServer: a fresh database on whichever engine
 * the harness selects), its first administrator made the way `npm run admin:create` makes one (a real
 * server starts with no account), and spec clients for a visitor, members and the administrator.
 */

export interface World {
  server: TestServer
  origin: string
  /** A visitor with nothing stored, sending `Authorization: Bearer null` as many clients do. */
  visitor: SpecClient
  admin: SpecClient
  close(): Promise<void>
}

export interface Member extends SpecClient {
  user_id: string
  nickname: string
  /** The numeric id, as the admin tables list it (A §3 User: id). */
  id: number
}

export async function startWorld(): Promise<World> {
  const server = await startTestServer()
  const origin = server.url
  await createAdmin(server, 'root', ADMIN_PASSWORD)
  const admin = new SpecClient(origin)
  // A §7 Admin session: POST /auth/admin/login; data.admin, data.tokens.access_token, data.tokens.refresh_token.
  const login = must(await admin.post<AdminLogin>('/auth/admin/login', { username: 'root', password: ADMIN_PASSWORD }), 'admin login')
  admin.token = login.tokens.access_token
  admin.refreshToken = login.tokens.refresh_token
  return { server, origin, visitor: new SpecClient(origin, { sendNullToken: true }), admin, close: () => server.close() }
}

let seq = 0
/** A display id of 3-15 letters, digits or underscores (M §5), unique in this run. */
export const newUserId = (prefix = 'sp') => `${prefix}${Date.now().toString(36).slice(-4)}${(seq++).toString(36)}`.slice(0, 15)

/**
 * Register as the register screen does (M §3 Registration payload): user_id, nickname, password, captchaId,
 * captchaText, avatar (the client's default avatar: an absolute URL of the client's own bundled asset), bio
 * and location defaults. The captcha answer is read from the test server (SHILIU_TEST_CAPTCHA), the one
 * thing a real client would get from a person.
 */
export async function register(world: World, userId = newUserId(), nickname = `成员${userId.slice(-3)}`): Promise<Member> {
  const client = new SpecClient(world.origin) as Member
  const captcha = must(await client.get<{ captchaId: string; captchaSvg: string; text: string }>('/auth/captcha'), 'captcha')
  const session = must(
    await client.post<Session & { user: { id: number } }>('/auth/register', {
      user_id: userId,
      nickname,
      password: 'secret123',
      captchaId: captcha.captchaId,
      captchaText: captcha.text,
      avatar: `http://${new URL(world.origin).host}/assets/avatar-4f1c2d.png`,
      bio: 'user has no bio',
      location: 'unknown',
    }),
    `register ${userId}`,
  )
  client.token = session.tokens.access_token
  client.refreshToken = session.tokens.refresh_token
  client.user_id = session.user.user_id
  client.nickname = session.user.nickname
  const [row] = adminRows(must(await world.admin.get('/admin/users', { user_id: userId }), 'admin user lookup'))
  client.id = Number(row?.id)
  return client
}

/** A §7 list data, read as "a list, or data.data". */
export function adminRows(data: unknown): Row[] {
  return Array.isArray(data) ? (data as Row[]) : ((data as { data: Row[] }).data ?? [])
}

/** A small real image of the given colour (PNG). */
export async function png(color = '#ff2442', width = 96, height = 64): Promise<Blob> {
  const buffer = await sharp({ create: { width, height, channels: 3, background: color } }).png().toBuffer()
  return new Blob([new Uint8Array(buffer)], { type: 'image/png' })
}

/** A minimal MP4 file (an ISO-BMFF ftyp box, then filler). */
export function mp4(size = 32 * 1024): Blob {
  const bytes = new Uint8Array(size)
  bytes.set([0, 0, 0, 0x18, 0x66, 0x74, 0x79, 0x70, 0x69, 0x73, 0x6f, 0x6d, 0, 0, 2, 0, 0x69, 0x73, 0x6f, 0x6d, 0x69, 0x73, 0x6f, 0x32])
  for (let i = 24; i < size; i++) bytes[i] = i % 251
  return new Blob([bytes], { type: 'video/mp4' })
}

/** M §7 Upload: POST /upload/single (form field file; data.url). */
export async function uploadImage(client: SpecClient, color?: string): Promise<string> {
  const form = new FormData()
  form.append('file', await png(color), 'photo.png')
  return must(await client.upload<{ url: string }>('/upload/single', form), 'upload').url
}

/** A §7: POST /admin/categories with the form (A §5: name, category_title of lowercase letters). */
export async function createCategory(world: World, name: string, title: string): Promise<number> {
  return Number(must(await world.admin.post<Row>('/admin/categories', { name, category_title: title }), 'category').id)
}
