/** Direct API set-up for browser tests: a fresh member (the e2e server exposes the captcha text) and their notes. */
import { expect, type APIRequestContext } from '@playwright/test'
import { solidPng } from './images'

export interface Member {
  userId: string
  password: string
  token: string
}

export async function registerMember(request: APIRequestContext, userId: string, password = 'secret123'): Promise<Member> {
  const captcha = (await (await request.get('/api/auth/captcha')).json()) as { data: { captchaId: string; text: string } }
  const reply = await request.post('/api/auth/register', {
    data: { user_id: userId, nickname: userId.slice(0, 10), password, captchaId: captcha.data.captchaId, captchaText: captcha.data.text, avatar: '', bio: '', location: '' },
  })
  expect(reply.ok(), await reply.text()).toBe(true)
  const body = (await reply.json()) as { data: { tokens: { access_token: string } } }
  return { userId, password, token: body.data.tokens.access_token }
}

/** Saves a text-only draft and returns its id. */
export async function saveDraft(request: APIRequestContext, member: Member, title: string, content: string): Promise<number> {
  const reply = await request.post('/api/posts', { data: { title, content, is_draft: true }, headers: { Authorization: `Bearer ${member.token}` } })
  expect(reply.ok(), await reply.text()).toBe(true)
  return ((await reply.json()) as { data: { id: number } }).data.id
}

export async function apiGet<T>(request: APIRequestContext, path: string, token?: string): Promise<T> {
  const reply = await request.get(`/api${path}`, { headers: token ? { Authorization: `Bearer ${token}` } : {} })
  expect(reply.ok(), `${path}: ${reply.status()}`).toBe(true)
  return ((await reply.json()) as { data: T }).data
}

/** Publishes a note with one uploaded image in the first category and returns its id. */
export async function publishNote(request: APIRequestContext, member: Member, title: string, content = '正文'): Promise<number> {
  const auth = { Authorization: `Bearer ${member.token}` }
  const upload = await request.post('/api/upload/single', { headers: auth, multipart: { file: { name: 'a.png', mimeType: 'image/png', buffer: solidPng(64, 48, [200, 60, 60]) } } })
  expect(upload.ok(), await upload.text()).toBe(true)
  const url = ((await upload.json()) as { data: { url: string } }).data.url
  const categories = await apiGet<Array<{ id: number }>>(request, '/categories')
  const reply = await request.post('/api/posts', { headers: auth, data: { title, content, images: [url], category_id: categories[0]!.id } })
  expect(reply.ok(), await reply.text()).toBe(true)
  return ((await reply.json()) as { data: { id: number } }).data.id
}
