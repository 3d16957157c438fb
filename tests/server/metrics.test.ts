/**
 * GET /api/metrics (server/http/metrics.ts): off (404) unless METRICS_TOKEN is set, then only with that bearer
 * token (401 otherwise); Prometheus text with request durations per route template, the pools, the card
 * cache, open streams, and on SQLite the writer's batches and the read connections' queue.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { loadConfig } from '../../server/config'
import { runsOn } from '../support/engines'
import { openEventStream } from '../support/event-stream'
import { registerMember, type Member } from '../support/members'
import { startTestServer, type TestServer } from '../support/server'
import { createCategory, createNote, uploadImage } from './member/support/notes'

const TOKEN = 'metrics-token-for-tests-0123456789'

/** The value of one sample (`name{labels} value`) whose labels include all of `labels`; undefined if absent. */
function sample(text: string, name: string, labels: Record<string, string> = {}): number | undefined {
  for (const line of text.split('\n')) {
    const m = /^([a-zA-Z_:][\w:]*)(?:\{(.*)\})? (\S+)$/.exec(line)
    if (!m || m[1] !== name) continue
    const have = Object.fromEntries([...(m[2] ?? '').matchAll(/(\w+)="((?:[^"\\]|\\.)*)"/g)].map((l) => [l[1], l[2]]))
    if (Object.entries(labels).every(([k, v]) => have[k] === v)) return Number(m[3])
  }
  return undefined
}

describe('GET /api/metrics without METRICS_TOKEN', () => {
  let server: TestServer
  beforeAll(async () => (server = await startTestServer()))
  afterAll(() => server?.close())

  it('does not exist (404 in the envelope), with or without a token', async () => {
    const plain = await server.call('GET', '/api/metrics')
    expect(plain.status).toBe(404)
    expect(plain.body).toMatchObject({ code: 404, success: false })
    expect((await server.call('GET', '/api/metrics', { token: TOKEN })).status).toBe(404)
  })
})

describe('GET /api/metrics with METRICS_TOKEN', () => {
  let server: TestServer
  let member: Member
  let noteId: number
  const scrape = async () => {
    const res = await server.fetch('/api/metrics', { token: TOKEN })
    expect(res.status).toBe(200)
    expect(res.headers.get('content-type')).toMatch(/^text\/plain; version=0\.0\.4/)
    return res.text()
  }

  beforeAll(async () => {
    server = await startTestServer({ METRICS_TOKEN: TOKEN })
    member = await registerMember(server)
    const categoryId = await createCategory(server, '指标', 'metrics-cat')
    const image = await uploadImage(server, member.token)
    noteId = await createNote(server, member.token, { title: '指标测试', images: [image.url], category_id: categoryId })
  })
  afterAll(() => server?.close())

  it('needs the token as a bearer token: 401 without it or with another one', async () => {
    const none = await server.call('GET', '/api/metrics')
    expect(none.status).toBe(401)
    expect(none.body).toMatchObject({ code: 401, success: false })
    expect(none.headers.get('www-authenticate')).toMatch(/^Bearer/)
    expect((await server.call('GET', '/api/metrics', { token: `${TOKEN}x` })).status).toBe(401)
    expect((await server.call('GET', '/api/metrics', { token: member.token })).status).toBe(401)
    const basic = await server.fetch('/api/metrics', { headers: { authorization: `Basic ${Buffer.from(`x:${TOKEN}`).toString('base64')}` } })
    expect(basic.status).toBe(401)
  })

  it('times requests per route template, not per raw path', async () => {
    for (let i = 0; i < 3; i++) expect((await server.call('GET', `/api/posts/${noteId}`, { token: member.token })).status).toBe(200)
    expect((await server.call('GET', '/api/posts/99999999')).status).toBe(404)
    expect((await server.call('GET', '/api/no-such-route')).status).toBe(404)
    const text = await scrape()
    expect(sample(text, 'shiliu_http_request_duration_seconds_count', { method: 'GET', route: '/api/posts/:id', status: '2xx' })).toBeGreaterThanOrEqual(3)
    expect(sample(text, 'shiliu_http_request_duration_seconds_count', { method: 'GET', route: '/api/posts/:id', status: '4xx' })).toBeGreaterThanOrEqual(1)
    expect(sample(text, 'shiliu_http_request_duration_seconds_count', { method: 'GET', route: 'unmatched', status: '4xx' })).toBeGreaterThanOrEqual(1)
    expect(sample(text, 'shiliu_http_request_duration_seconds_count', { method: 'POST', route: '/api/posts' })).toBeGreaterThanOrEqual(1)
    expect(text).not.toContain(`/api/posts/${noteId}"`)
    expect(text).not.toContain('no-such-route')
  })

  it('shows the image and hash pools, the card cache, open streams and process metrics', async () => {
    // A feed read twice: the second finds the cards cached (on SQLite, where cards are cached).
    for (let i = 0; i < 2; i++) expect((await server.call('GET', `/api/posts?user_id=${member.user_id}&limit=20`, { token: member.token })).status).toBe(200)
    const text = await scrape()
    expect(sample(text, 'shiliu_cpu_pool_run_seconds_count', { pool: 'image' })).toBeGreaterThanOrEqual(1)
    expect(sample(text, 'shiliu_cpu_pool_run_seconds_count', { pool: 'hash' })).toBeGreaterThanOrEqual(1)
    expect(sample(text, 'shiliu_cpu_pool_queue_depth', { pool: 'image' })).toBe(0)
    expect(sample(text, 'shiliu_cpu_pool_wait_seconds_count', { pool: 'image' })).toBeGreaterThanOrEqual(1)
    expect(sample(text, 'shiliu_open_streams')).toBe(0)
    expect(sample(text, 'shiliu_process_cpu_seconds_total')).toBeGreaterThan(0)
    const ratio = sample(text, 'shiliu_card_cache_hit_ratio')!
    if (runsOn('sqlite')) {
      expect(sample(text, 'shiliu_card_cache_lookups_total', { result: 'hit' })).toBeGreaterThanOrEqual(1)
      expect(ratio).toBeGreaterThan(0)
      expect(ratio).toBeLessThanOrEqual(1)
    } else expect(ratio).toBe(0)
  })

  it('counts open notification streams as they open and close', async () => {
    expect(sample(await scrape(), 'shiliu_open_streams')).toBe(0)
    const stream = await openEventStream(`${server.url}/api/notifications/stream`, { Authorization: `Bearer ${member.token}` })
    expect(stream.status).toBe(200)
    expect(sample(await scrape(), 'shiliu_open_streams')).toBe(1)
    stream.close()
    const deadline = Date.now() + 5000
    while (sample(await scrape(), 'shiliu_open_streams') !== 0 && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 50))
    expect(sample(await scrape(), 'shiliu_open_streams')).toBe(0)
  })

  it.runIf(runsOn('sqlite'))("shows the SQLite writer's batches and queue wait and the read connections' queue wait", async () => {
    const before = sample(await scrape(), 'shiliu_writer_batch_size_count')!
    expect((await server.call('POST', '/api/likes', { token: member.token, json: { target_type: 1, target_id: noteId } })).status).toBe(200)
    const text = await scrape()
    expect(sample(text, 'shiliu_writer_batch_size_count')).toBeGreaterThan(before)
    expect(sample(text, 'shiliu_writer_queue_wait_seconds_count')).toBeGreaterThanOrEqual(sample(text, 'shiliu_writer_batch_size_count')!)
    expect(sample(text, 'shiliu_read_queue_wait_seconds_count')).toBeGreaterThan(0)
  })
})

describe('METRICS_TOKEN', () => {
  it('is refused when shorter than 16 characters, and off when empty', () => {
    expect(() => loadConfig({ DATA_DIR: '/tmp/shiliu-metrics-config', METRICS_TOKEN: 'short' })).toThrow(/METRICS_TOKEN/)
    expect(loadConfig({ DATA_DIR: '/tmp/shiliu-metrics-config', METRICS_TOKEN: '' }).metricsToken).toBeNull()
  })
})
