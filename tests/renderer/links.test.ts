// @vitest-environment happy-dom
import { describe, expect, it } from 'vitest'
import { appOfPath, decideLink, type LinkContext } from '../../renderer/common/links'

const browser: LinkContext = { pageOrigin: 'https://campus.example.edu', desktopBase: null }
const desktopRemote: LinkContext = { pageOrigin: 'app://shiliu', desktopBase: 'https://campus.example.edu' }
const desktopPrefixed: LinkContext = { pageOrigin: 'app://shiliu', desktopBase: 'https://school.example.edu/shiliu' }
const desktopEmbedded: LinkContext = { pageOrigin: 'app://shiliu', desktopBase: 'http://127.0.0.1:49321' }

describe('decideLink', () => {
  it('keeps routes of our apps in the app, with the app that owns them', () => {
    expect(decideLink('/user/abc', desktopEmbedded)).toEqual({ kind: 'in-app', app: 'member', path: '/user/abc' })
    expect(decideLink('/search_result?tag=%E7%BE%8E%E9%A3%9F', desktopEmbedded)).toEqual({ kind: 'in-app', app: 'member', path: '/search_result?tag=%E7%BE%8E%E9%A3%9F' })
    expect(decideLink('/post?id=5&targetCommentId=9', browser)).toEqual({ kind: 'in-app', app: 'member', path: '/post?id=5&targetCommentId=9' })
    expect(decideLink('/admin/users', desktopEmbedded)).toEqual({ kind: 'in-app', app: 'admin', path: '/admin/users' })
    expect(decideLink('app://shiliu/explore', desktopEmbedded)).toEqual({ kind: 'in-app', app: 'member', path: '/explore' })
  })

  it('opens a shared web link of the campus server in the app (path prefix respected)', () => {
    expect(decideLink('https://campus.example.edu/post?id=7', desktopRemote)).toEqual({ kind: 'in-app', app: 'member', path: '/post?id=7' })
    expect(decideLink('https://school.example.edu/shiliu/user/x', desktopPrefixed)).toEqual({ kind: 'in-app', app: 'member', path: '/user/x' })
    // Outside the prefix, or the API and media, it is just another https page.
    expect(decideLink('https://school.example.edu/library', desktopPrefixed)).toEqual({ kind: 'external', url: 'https://school.example.edu/library' })
    expect(decideLink('https://campus.example.edu/uploads/a.webp', desktopRemote).kind).toBe('external')
  })

  it('hands only vetted https links to other sites to the system browser in the desktop app', () => {
    expect(decideLink('https://example.org/a?b=1#c', desktopEmbedded)).toEqual({ kind: 'external', url: 'https://example.org/a?b=1#c' })
    for (const bad of ['http://example.org/', 'file:///etc/passwd', 'javascript:alert(1)', 'smb://host/share', 'https://user:pw@example.org/', 'data:text/html,x']) {
      expect(decideLink(bad, desktopEmbedded).kind, bad).toBe('blocked')
    }
  })

  it('leaves plain http links to the browser when not in the desktop app', () => {
    expect(decideLink('http://example.org/', browser)).toEqual({ kind: 'external', url: 'http://example.org/' })
    expect(decideLink('javascript:alert(1)', browser).kind).toBe('blocked')
  })

  it('tells the member app from the admin app', () => {
    expect(appOfPath('/admin')).toBe('admin')
    expect(appOfPath('/admin/monitor')).toBe('admin')
    expect(appOfPath('/administrator')).toBe('member')
    expect(appOfPath('/')).toBe('member')
  })
})
