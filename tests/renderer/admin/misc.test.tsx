// @vitest-environment happy-dom
import { cleanup, render, screen } from '@testing-library/react'
import { afterEach, describe, expect, it } from 'vitest'
import { buildGroups, filterGroups, splitMatches, type OpenApiDocument } from '../../../renderer/admin/api-docs/openapi'
import { activityLabel, activityLink, type Activity } from '../../../renderer/admin/monitor/activities'
import { relativeTime } from '../../../renderer/admin/monitor/relativeTime'
import { Cell } from '../../../renderer/admin/table/cells/Cell'
import { SafeHtml, htmlToText } from '../../../renderer/admin/ui/SafeHtml'

afterEach(cleanup)

describe('relativeTime', () => {
  const now = Date.parse('2026-11-22T12:00:00Z')
  it('uses the spec thresholds', () => {
    expect(relativeTime('2026-11-22T11:59:30Z', now)).toBe('刚刚')
    expect(relativeTime('2026-11-22T11:21:00Z', now)).toBe('39分钟前')
    expect(relativeTime('2026-11-22T07:00:00Z', now)).toBe('5小时前')
    expect(relativeTime('2026-11-19T12:00:00Z', now)).toBe('3天前')
    expect(relativeTime('2026-11-01T12:00:00Z', now)).toBe(new Date('2026-11-01T12:00:00Z').toLocaleDateString('zh-CN'))
  })
})

describe('monitor activities', () => {
  const base: Activity = { id: 7, type: 'comment_publish', user_id: 'user001', target_id: 12, avatar: null, nickname: 'n', description: '', content: null, created_at: '' }
  it('labels and links each type', () => {
    expect(activityLabel('user_register')).toBe('用户注册')
    expect(activityLabel('something')).toBe('未知动态')
    expect(activityLink({ ...base, type: 'user_register' })).toBe('/user/user001')
    expect(activityLink({ ...base, type: 'post_publish' })).toBe('/post?id=12')
    expect(activityLink(base)).toBe('/post?id=12&targetCommentId=7')
  })
})

describe('user markup is never run', () => {
  const evil = '<table><tr><td>姓名</td><td>张三</td></tr></table><img src=x onerror="window.__pwned=1"><script>window.__pwned=1</script>'
  it('extracts text inertly', () => {
    expect(htmlToText(evil)).toContain('姓名 张三')
  })
  it('previews through DOMPurify without scripts, handlers or images', () => {
    const { container } = render(<SafeHtml html={evil} />)
    expect(container.textContent).toContain('张三')
    expect(container.querySelector('script, img, [onerror]')).toBeNull()
  })
  it('renders text cells as text', () => {
    render(<Cell spec={{ kind: 'text' }} value="<b>粗</b>" row={{}} />)
    expect(screen.getByText('<b>粗</b>')).toBeTruthy()
  })
})

describe('cells', () => {
  it('maps values, formats booleans and builds new-tab links', () => {
    render(
      <div>
        <Cell spec={{ kind: 'map', options: { '1': '官方认证', '2': '个人认证' } }} value={1} row={{}} />
        <Cell spec={{ kind: 'boolean', labels: ['已读', '未读'] }} value={0} row={{}} />
        <Cell spec={{ kind: 'userLink', labelField: 'nickname' }} value="user001" row={{ nickname: '云鲸' }} />
        <Cell spec={{ kind: 'commentLink', postField: 'post_id' }} value={5} row={{ post_id: 9 }} />
        <Cell spec={{ kind: 'text', truncate: 4 }} value="一二三四五六" row={{}} />
      </div>,
    )
    expect(screen.getByText('官方认证')).toBeTruthy()
    expect(screen.getByText('未读')).toBeTruthy()
    const user = screen.getByRole('link', { name: '云鲸' })
    expect(user.getAttribute('href')).toBe('/user/user001')
    expect(user.getAttribute('target')).toBe('_blank')
    expect(screen.getByRole('link', { name: '5' }).getAttribute('href')).toBe('/post?id=9&targetCommentId=5')
    expect(screen.getByText('一二三四...')).toBeTruthy()
  })
})

describe('OpenAPI reading', () => {
  const doc: OpenApiDocument = {
    openapi: '3.1.0',
    info: { title: 'x', version: '1.2.0' },
    tags: [{ name: '认证' }, { name: '笔记' }],
    components: {
      schemas: { Note: { type: 'object', properties: { id: { type: 'integer', example: 1 }, title: { type: 'string' } } } },
      securitySchemes: { bearer: { type: 'http', scheme: 'bearer' } },
    },
    paths: {
      '/api/posts/{id}': {
        get: {
          tags: ['笔记'],
          summary: '笔记详情',
          parameters: [{ name: 'id', in: 'path', required: true, schema: { type: 'integer' }, description: '笔记ID' }],
          responses: { '200': { description: 'ok', content: { 'application/json': { schema: { type: 'object', properties: { code: { type: 'integer', example: 200 }, data: { $ref: '#/components/schemas/Note' } } } } } } },
        },
      },
      '/api/auth/login': {
        post: {
          tags: ['认证'],
          summary: '用户登录',
          description: '使用小石榴号登录',
          security: [{ bearer: [] }],
          requestBody: { content: { 'application/json': { schema: { type: 'object', required: ['user_id'], properties: { user_id: { type: 'string' }, password: { type: ['string', 'null'] } } } } } },
          responses: { '200': { description: 'ok' } },
        },
      },
    },
  }

  it('groups by tag with params, auth and a response example', () => {
    const groups = buildGroups(doc)
    expect(groups.map((g) => g.name)).toEqual(['认证', '笔记'])
    const login = groups[0]!.endpoints[0]!
    expect(login).toMatchObject({ method: 'POST', path: '/api/auth/login', title: '用户登录', auth: true, authText: '需要 Bearer 令牌' })
    expect(login.params).toEqual([
      { name: 'user_id', location: 'body', type: 'string', required: true, description: '' },
      { name: 'password', location: 'body', type: 'string', required: false, description: '' },
    ])
    const detail = groups[1]!.endpoints[0]!
    expect(detail.auth).toBe(false)
    expect(detail.authText).toBe('无需认证')
    expect(detail.params[0]).toMatchObject({ name: 'id', type: 'integer', required: true, description: '笔记ID' })
    expect(JSON.parse(detail.example)).toEqual({ code: 200, data: { id: 1, title: 'string' } })
  })

  it('reads optional authentication and the x-auth extension', () => {
    const optional = structuredClone(doc)
    const get = optional.paths!['/api/posts/{id}']!.get as Record<string, unknown>
    get.security = [{}, { bearer: [] }]
    expect(buildGroups(optional)[1]!.endpoints[0]).toMatchObject({ auth: false, authText: '可选（登录后返回个人状态）' })
    get['x-auth'] = 'admin'
    get.security = [{ adminBearer: [] }]
    expect(buildGroups(optional)[1]!.endpoints[0]).toMatchObject({ auth: true, authText: '需要管理员令牌（Bearer）' })
  })

  it('filters by path, title or description and splits matches for highlighting', () => {
    const groups = buildGroups(doc)
    expect(filterGroups(groups, '小石榴号').flatMap((g) => g.endpoints.map((e) => e.path))).toEqual(['/api/auth/login'])
    expect(filterGroups(groups, 'POSTS')).toHaveLength(1)
    expect(filterGroups(groups, '不存在')).toEqual([])
    expect(splitMatches('/api/posts/{id}', 'Post')).toEqual([
      { text: '/api/', match: false },
      { text: 'post', match: true },
      { text: 's/{id}', match: false },
    ])
  })
})
