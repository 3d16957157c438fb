/**
 * The server speaks the member's language (issue 40), over HTTP on the run's engine: the request's
 * Accept-Language (negotiated by q-value), a member's saved locale winning over it, the exact Chinese of the
 * spec when nothing is asked, notifications and mails in their receiver's language, and a message with a
 * value in both languages; the OpenID sign-in's refusal page and default provider name (issue 39).
 */
import yauzl from 'yauzl'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { insertPost } from '../../support/rows'
import { startMailbox, type Mailbox } from '../../support/mailbox'
import { insertMember, type Member } from '../../support/members'
import { CROSS_SITE_NAVIGATION, CookieJar, browse, signIn, startTestProvider, type TestProvider } from '../../support/oidc-provider'
import { freePort } from '../../support/ports'
import { startTestServer, type TestServer } from '../../support/server'
import { adminToken, createAdmin } from '../admin/support'
import { ban, systemNotices } from '../moderation/support'

let server: TestServer
let mailbox: Mailbox
beforeAll(async () => {
  mailbox = await startMailbox()
  server = await startTestServer({ SMTP_URL: mailbox.url })
}, 60_000)
afterAll(async () => {
  await server?.close()
  await mailbox?.close()
})

interface Reply {
  status: number
  message: string
  data: unknown
  headers: Headers
}

/** A call with the headers a browser would send. */
async function call(method: string, path: string, options: { token?: string; json?: unknown; language?: string } = {}): Promise<Reply> {
  const res = await server.fetch(path, { method, token: options.token, json: options.json, headers: options.language ? { 'Accept-Language': options.language } : {} })
  const body = (await res.json()) as { message: string; data: unknown }
  return { status: res.status, message: body.message, data: body.data, headers: res.headers }
}

/** A profile update with a nickname over the limit: 400 with a message that carries a value (the limit). */
const tooLong = (m: Member, language?: string) => call('PUT', `/api/users/${m.user_id}`, { token: m.token, json: { nickname: '长'.repeat(40) }, language })

describe('the language of a reply', () => {
  let m: Member
  beforeAll(async () => {
    m = await insertMember(server)
  })

  it('no Accept-Language: the spec’s exact Chinese message, byte for byte', async () => {
    const r = await tooLong(m)
    expect(r.status).toBe(400)
    expect(r.message).toBe('昵称不能超过10个字符')
    expect(r.headers.get('content-language')).toBe('zh-CN')
    expect(r.headers.get('vary')).toMatch(/Accept-Language/i)
  })

  it('English when the browser asks for it (q-values negotiated), Chinese otherwise', async () => {
    const cases: Array<[string, string]> = [
      ['en', 'The nickname can be at most 10 characters'],
      ['en-US,en;q=0.9', 'The nickname can be at most 10 characters'],
      ['fr-FR, en-GB;q=0.8', 'The nickname can be at most 10 characters'],
      ['zh-CN,zh;q=0.9,en;q=0.8', '昵称不能超过10个字符'],
      ['en;q=0.5, zh;q=0.9', '昵称不能超过10个字符'],
      ['fr', '昵称不能超过10个字符'],
      ['*', '昵称不能超过10个字符'],
    ]
    for (const [language, message] of cases) {
      const r = await tooLong(m, language)
      expect([language, r.status, r.message]).toEqual([language, 400, message])
    }
    expect((await tooLong(m, 'en')).headers.get('content-language')).toBe('en')
  })

  it('plain messages, status defaults and success messages too', async () => {
    expect((await call('GET', '/api/users/nobody_here', { language: 'en' })).message).toBe('User not found')
    expect((await call('GET', '/api/users/nobody_here')).message).toBe('用户不存在')
    expect((await call('GET', '/api/auth/me', { language: 'en' })).message).toBe('Unauthorized')
    expect((await call('GET', '/api/auth/me')).message).toBe('未授权访问')
    const like = await call('PUT', `/api/users/${m.user_id}`, { token: m.token, json: { bio: 'hi' }, language: 'en' })
    expect([like.status, like.message]).toEqual([200, 'Profile updated'])
  })

  it('the visitors’ micro-cache keeps one reply per language, with its headers', async () => {
    for (const [language, expected] of [['en', 'en'], ['en', 'en'], [undefined, 'zh-CN'], ['zh-CN', 'zh-CN'], ['en', 'en']] as const) {
      const r = await call('GET', '/api/posts?limit=3&page=1', { language })
      expect([language, r.status, r.headers.get('content-language'), /Accept-Language/i.test(r.headers.get('vary') ?? '')]).toEqual([language, 200, expected, true])
    }
  })

  it('a message with a value from the validation middleware, in both languages', async () => {
    const zh = await call('GET', '/api/posts?limit=1000')
    const en = await call('GET', '/api/posts?limit=1000', { language: 'en' })
    expect([zh.status, en.status]).toEqual([400, 400])
    expect(zh.message).toMatch(/^limit 不能超过\d+$/)
    expect(en.message).toBe(`limit cannot exceed ${zh.message.replace(/\D/g, '')}`)
  })
})

describe('the saved locale', () => {
  it('is in the OpenAPI document: PUT /users/{id} takes it, the self replies carry it', async () => {
    type Doc = { paths: Record<string, Record<string, { requestBody?: { content: Record<string, { schema: { properties: Record<string, unknown> } }> }; responses: Record<string, unknown> }>> }
    const doc = (await (await server.fetch('/api/openapi.json')).json()) as Doc
    expect(JSON.stringify(doc.paths['/users/{id}']!.put!.requestBody!.content['application/json']!.schema.properties.locale)).toMatch(/"zh-CN","en"/)
    expect(JSON.stringify(doc.paths['/auth/me']!.get!.responses['200'])).toMatch(/"locale":\{[^}]*"enum":\["zh-CN","en"\]/)
  })

  it('is optional, validated, read by /auth/me, and wins over Accept-Language', async () => {
    const m = await insertMember(server)
    const me = await call('GET', '/api/auth/me', { token: m.token })
    expect((me.data as { locale: unknown }).locale).toBeNull()

    const bad = await call('PUT', `/api/users/${m.user_id}`, { token: m.token, json: { locale: 'fr' } })
    expect([bad.status, bad.message]).toEqual([400, '不支持的语言，可选：zh-CN、en'])
    const badEn = await call('PUT', `/api/users/${m.user_id}`, { token: m.token, json: { locale: 'fr' }, language: 'en' })
    expect(badEn.message).toBe('Unsupported language. Available: zh-CN、en')

    const saved = await call('PUT', `/api/users/${m.user_id}`, { token: m.token, json: { locale: 'en' } })
    // The reply to the very call that chose English is in English.
    expect([saved.status, saved.message, (saved.data as { locale: unknown }).locale]).toEqual([200, 'Profile updated', 'en'])
    expect(((await call('GET', '/api/auth/me', { token: m.token })).data as { locale: unknown }).locale).toBe('en')

    const r = await tooLong(m, 'zh-CN,zh;q=0.9')
    expect([r.status, r.message, r.headers.get('content-language')]).toEqual([400, 'The nickname can be at most 10 characters', 'en'])

    // Cleared (null or ''), the header decides again; an update without the field leaves it alone.
    await call('PUT', `/api/users/${m.user_id}`, { token: m.token, json: { locale: 'zh-CN' } })
    expect((await call('PUT', `/api/users/${m.user_id}`, { token: m.token, json: { bio: 'x' } })).message).toBe('资料更新成功')
    expect(((await call('PUT', `/api/users/${m.user_id}`, { token: m.token, json: { locale: '' } })).data as { locale: unknown }).locale).toBeNull()
    expect((await tooLong(m, 'en')).message).toBe('The nickname can be at most 10 characters')
    expect((await tooLong(m)).message).toBe('昵称不能超过10个字符')
  })
})

describe('notifications and mails in the receiver’s language', () => {
  it('an action’s title follows the reader’s language; a system notice is written in the receiver’s', async () => {
    const author = await insertMember(server)
    const fan = await insertMember(server)
    await call('PUT', `/api/users/${author.user_id}`, { token: author.token, json: { locale: 'en' } })
    const postId = await insertPost(server.deps.db, author.id, { title: 'hello' })
    expect((await call('POST', '/api/likes', { token: fan.token, json: { target_type: 1, target_id: postId } })).status).toBe(200)
    const list = await call('GET', '/api/notifications', { token: author.token })
    const titles = (list.data as { notifications: Array<{ title: string }> }).notifications.map((n) => n.title)
    expect(titles).toContain('liked your note')

    // An administrator (writing Chinese) restricts both: each is told in their own language.
    await createAdmin(server, 'i18nroot')
    const admin = await adminToken(server, 'i18nroot')
    const until = new Date(Date.now() + 3_600_000)
    await ban(server, admin, author.id, { reason: '刷屏', end_time: until.toISOString() })
    await ban(server, admin, fan.id, { reason: '刷屏', end_time: until.toISOString() })
    const [toAuthor] = await systemNotices(server, author.id)
    const [toFan] = await systemNotices(server, fan.id)
    expect(toAuthor!.title).toBe('Your account has been restricted')
    expect(toAuthor!.content).toMatch(/^Your account is restricted until .+: 刷屏\. While restricted you can still sign in/)
    expect(toFan!.title).toBe('账号已被限制')
    expect(toFan!.content).toMatch(/^账号已被限制至 .+：刷屏。限制期间你仍可登录和浏览/)
    // The refusal of a banned member's write follows the same rule.
    const refused = await call('POST', '/api/likes', { token: author.token, json: { target_type: 1, target_id: postId } })
    expect(refused.status).toBe(403)
    expect(refused.message).toMatch(/^Your account is restricted until .+: 刷屏$/)
  })

  it('a code mail in the visitor’s language; a reset code in the account’s saved language', async () => {
    const visitor = `v${Date.now().toString(36)}@example.edu`
    expect((await call('POST', '/api/auth/send-email-code', { json: { email: visitor }, language: 'en-GB,en;q=0.9' })).status).toBe(200)
    const mail = await mailbox.next(visitor)
    expect(mail.subject).toBe(`Your Shiliu email code: ${mail.code}`)
    expect(mail.text).toContain('The code is valid for 10 minutes')

    const other = `w${Date.now().toString(36)}@example.edu`
    expect((await call('POST', '/api/auth/send-email-code', { json: { email: other } })).status).toBe(200)
    const zh = await mailbox.next(other)
    expect(zh.subject).toBe(`石榴邮箱验证码：${zh.code}`)

    // A member who chose English, asking for a reset from a Chinese browser, gets it in English.
    const m = await insertMember(server)
    const email = `r${Date.now().toString(36)}@example.edu`
    await call('POST', '/api/auth/send-email-code', { json: { email } })
    const code = (await mailbox.next(email)).code
    expect((await call('POST', '/api/auth/bind-email', { token: m.token, json: { email, emailCode: code } })).status).toBe(200)
    await call('PUT', `/api/users/${m.user_id}`, { token: m.token, json: { locale: 'en' } })
    expect((await call('POST', '/api/auth/send-reset-code', { json: { email }, language: 'zh-CN' })).status).toBe(200)
    const reset = await mailbox.next(email)
    expect(reset.subject).toBe(`Your Shiliu password reset code: ${reset.code}`)
    expect(reset.text).toContain(`the Shiliu account ${m.user_id}`)
  })
})

describe('the back-office follows its administrator’s Accept-Language', () => {
  it('errors, success messages and the activity lines', async () => {
    await createAdmin(server, 'i18nadmin')
    const wrong = { username: 'i18nadmin', password: 'not-the-password' }
    expect((await call('POST', '/api/auth/admin/login', { json: wrong })).message).toBe('登录失败，请检查用户名和密码')
    expect((await call('POST', '/api/auth/admin/login', { json: wrong, language: 'en' })).message).toBe('Sign-in failed. Please check the username and password')
    const token = await adminToken(server, 'i18nadmin')
    const bad = await call('POST', '/api/admin/watched-words', { token, json: { word: '词'.repeat(200), action: 'block' }, language: 'en' })
    expect([bad.status, bad.message]).toEqual([400, expect.stringMatching(/^A word can be at most \d+ characters$/)])
    const m = await insertMember(server)
    const en = await call('GET', '/api/admin/monitor/activities?activity_type=user_register', { token, language: 'en' })
    const zh = await call('GET', '/api/admin/monitor/activities?activity_type=user_register', { token })
    const line = (r: Reply) => (r.data as Array<{ user_id: string; description: string }>).find((a) => a.user_id === m.user_id)?.description
    expect([en.message, line(en)]).toEqual(['Done', 'signed up'])
    expect([zh.message, line(zh)]).toEqual(['获取动态成功', '注册了账号'])
  })
})

describe('texts inside the data follow the reader too', () => {
  it('the suggestions’ reasons (plural rules and list format of the language)', async () => {
    const [me, friend, fof, twin] = await Promise.all(Array.from({ length: 4 }, () => insertMember(server)))
    const put = (m: Member, json: unknown) => call('PUT', `/api/users/${m.user_id}`, { token: m.token, json })
    await put(me, { interests: ['摄影', '旅行', '美食'] })
    await put(twin, { interests: ['旅行', '美食'] })
    for (const [a, b] of [[me, friend], [friend, fof]] as const) expect((await call('POST', `/api/users/${b.user_id}/follow`, { token: a.token })).status).toBe(200)
    const reasons = async (language?: string) => {
      const r = await call('GET', '/api/users/suggestions?limit=30', { token: me.token, language })
      return new Map((r.data as { users: Array<{ user_id: string; reason: string }> }).users.map((u) => [u.user_id, u.reason]))
    }
    const zh = await reasons()
    expect([zh.get(fof.user_id), zh.get(twin.user_id)]).toEqual(['1 位你关注的人也关注了TA', '共同兴趣：旅行、美食'])
    const en = await reasons('en')
    expect([en.get(fof.user_id), en.get(twin.user_id)]).toEqual(['1 person you follow follows them', 'Shared interests: 旅行, 美食'])
  })
})

describe('the data export in the member’s language', () => {
  it('its notice and the archive’s README.txt', async () => {
    const m = await insertMember(server)
    await call('PUT', `/api/users/${m.user_id}`, { token: m.token, json: { locale: 'en' } })
    const asked = await call('POST', '/api/users/data-export', { token: m.token, language: 'zh-CN' })
    expect([asked.status, asked.message]).toEqual([200, 'The export has started; you will be notified when it is ready'])
    type Export = { status: string; download_url: string | null }
    const state = async () => (await call('GET', '/api/users/data-export', { token: m.token })).data as Export | null
    await expect.poll(async () => (await state())?.status, { timeout: 20_000, interval: 100 }).toBe('ready')
    const zip = Buffer.from(await (await server.fetch((await state())!.download_url!, { token: m.token })).arrayBuffer())
    const readme = await new Promise<string>((resolve, reject) => {
      yauzl.fromBuffer(zip, { lazyEntries: true }, (err, file) => {
        if (err || !file) return reject(err ?? new Error('no zip'))
        file.on('entry', (entry: yauzl.Entry) => {
          if (entry.fileName !== 'README.txt') return file.readEntry()
          file.openReadStream(entry, (e, stream) => {
            if (e || !stream) return reject(e ?? new Error('no stream'))
            const chunks: Buffer[] = []
            stream.on('data', (c: Buffer) => chunks.push(c))
            stream.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')))
          })
        })
        file.on('end', () => reject(new Error('no README.txt')))
        file.readEntry()
      })
    })
    expect(readme).toMatch(/^Shiliu personal data export\n/)
    expect(readme).toContain('identities.json     your linked campus sign-in identities')
    const [notice] = await systemNotices(server, m.id)
    expect(notice!.title).toBe('Your data export is ready')
  })
})

describe('OpenID Connect sign-in (issue 39) in the request’s language', () => {
  let oidcServer: TestServer
  let provider: TestProvider
  let origin: string
  beforeAll(async () => {
    const port = await freePort()
    origin = `http://127.0.0.1:${port}`
    provider = await startTestProvider({ redirectUris: [`${origin}/api/auth/oidc/campus/callback`] })
    // No OIDC_NAME: the default name and button text are the catalogue's.
    oidcServer = await startTestServer({
      PORT: String(port),
      OIDC_ISSUER: provider.issuer,
      OIDC_CLIENT_ID: provider.clientId,
      OIDC_CLIENT_SECRET: provider.clientSecret,
      OIDC_ALLOWED_DOMAINS: 'campus.edu,school.edu',
      OIDC_REQUIRED_GROUP: 'students',
    })
  }, 60_000)
  afterAll(async () => {
    await oidcServer?.close()
    await provider?.close()
  })

  /** Sign in as `login` at the provider, then arrive at Shiliu's callback as a browser asking for `language`. */
  async function callback(login: string, language?: string) {
    const jar = new CookieJar()
    const start = new URL(`${origin}/api/auth/oidc/campus/start?redirect=%2F`)
    const atCallback = await signIn(jar, start, login, { stopAtCallback: true, appOrigin: origin })
    return browse(jar, atCallback.url, { headers: { ...CROSS_SITE_NAVIGATION, ...(language ? { 'Accept-Language': language } : {}) } })
  }

  it('the refusal page: English with Accept-Language: en, the reference Chinese without, a list value joined per language', async () => {
    provider.accounts.set('staff', { email: 'staff@campus.edu', email_verified: true, groups: ['staff'] })
    provider.accounts.set('mallory', { email: 'mallory@elsewhere.org', email_verified: true, groups: ['students'] })

    const groupEn = await callback('staff', 'en')
    expect(groupEn.res.status).toBe(403)
    expect(groupEn.res.headers.get('content-language')).toBe('en')
    expect(groupEn.body).toContain('<html lang="en">')
    expect(groupEn.body).toContain('<title>Cannot sign in - Shiliu</title>')
    expect(groupEn.body).toContain('<h1 style="font-size:1.25rem">Cannot sign in</h1>')
    expect(groupEn.body).toContain('<p id="reason">Your account is not in the group allowed to sign in here. Please contact an administrator</p>')
    expect(groupEn.body).toContain('>Back to Shiliu</a>')
    expect(groupEn.body).not.toMatch(/\p{Script=Han}/u)

    const groupZh = await callback('staff')
    expect(groupZh.res.status).toBe(403)
    expect(groupZh.res.headers.get('content-language')).toBe('zh-CN')
    expect(groupZh.body).toContain('<html lang="zh-CN">')
    expect(groupZh.body).toContain('<title>无法登录 - 石榴</title>')
    expect(groupZh.body).toContain('<p id="reason">你的账号不在允许登录本站的用户组中，请联系管理员</p>')

    // The allowed domains are a list value: joined by each language's rule.
    const domainEn = await callback('mallory', 'en-US,en;q=0.9')
    expect(domainEn.res.status).toBe(403)
    expect(domainEn.body).toContain('<p id="reason">Only accounts with an email address at @campus.edu, @school.edu may sign in here</p>')
    const domainZh = await callback('mallory')
    expect(domainZh.body).toContain('<p id="reason">本站仅允许 @campus.edu、@school.edu 邮箱的账号登录</p>')
  })

  it('the default provider name and button text follow the language; the sign-in method’s messages too', async () => {
    const en = await oidcServer.fetch('/api/auth/providers', { headers: { 'Accept-Language': 'en' } })
    expect(((await en.json()) as { data: unknown }).data).toEqual({
      providers: [{ id: 'campus', name: 'Campus single sign-on', buttonText: 'Sign in with Campus single sign-on' }],
      passwordLogin: true,
    })
    const zh = await oidcServer.fetch('/api/auth/providers')
    expect(((await zh.json()) as { data: unknown }).data).toEqual({ providers: [{ id: 'campus', name: '统一身份认证', buttonText: '使用统一身份认证登录' }], passwordLogin: true })
    const unknown = await oidcServer.fetch('/api/auth/oidc/nobody/start', { headers: { 'Accept-Language': 'en' } })
    expect([unknown.status, ((await unknown.json()) as { message: string }).message]).toEqual([404, 'No such sign-in method'])
  })
})
