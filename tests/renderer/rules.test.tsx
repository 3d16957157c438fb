// @vitest-environment happy-dom
import { render } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { RichText } from '../../renderer/common/richtext/RichText'
import { htmlToText, textToHtml } from '../../renderer/common/richtext/html'
import { decodeMentions, encodeMentions, splitMentions } from '../../renderer/common/richtext/mentions'
import { darken } from '../../renderer/common/theme/theme'
import { formatCount } from '../../renderer/common/utils/format'
import { validateAuthForm } from '../../renderer/member/features/auth/validation'
import { addTag, canPublish, canSaveDraft, draftError, imageFileError, moveItem, publishError, suggestTags, videoFileError } from '../../renderer/member/features/publish/publishRules'
import { scaledSize } from '../../renderer/member/features/publish/compress'
import { fontSizeFor } from '../../renderer/member/features/publish/textImage'
import { badgeText } from '../../renderer/member/features/notifications/useUnreadCounts'

describe('publish rules (§5)', () => {
  const base = { title: '标题', contentLength: 5, categoryId: 1, type: 1 as const, imageCount: 1, hasVideo: false }
  it('needs title, content, category and media to publish', () => {
    expect(canPublish(base)).toBe(true)
    expect(publishError({ ...base, title: ' ' })).toBe('请输入标题')
    expect(publishError({ ...base, contentLength: 0 })).toBe('请输入内容')
    expect(publishError({ ...base, categoryId: null })).toBe('请选择分类')
    expect(publishError({ ...base, imageCount: 0 })).toBe('请至少上传一张图片')
    expect(publishError({ ...base, type: 2 })).toBe('请选择视频文件')
  })
  it('needs title or content plus media for a draft', () => {
    expect(canSaveDraft({ ...base, title: '', categoryId: null })).toBe(true)
    expect(draftError({ ...base, title: '', contentLength: 0 })).toBe('请输入标题或内容')
  })
  it('tags: trimmed, max 8 chars, unique, at most 10', () => {
    expect(addTag([], '  #旅行 ').tags).toEqual(['旅行'])
    expect(addTag(['旅行'], '旅行').tags).toEqual(['旅行'])
    expect(addTag([], '一二三四五六七八九十').tags).toEqual(['一二三四五六七八'])
    const ten = Array.from({ length: 10 }, (_, i) => `t${i}`)
    expect(addTag(ten, 'x').error).toBe('最多只能添加10个标签')
    expect(suggestTags(['Java', 'javascript', 'Go'], 'JAVA', ['Java'])).toEqual(['javascript'])
  })
  it('validates image and video files', () => {
    expect(imageFileError({ type: 'image/png', size: 100 })).toBe('')
    expect(imageFileError({ type: 'image/gif', size: 100 })).toBe('不支持的文件类型')
    expect(imageFileError({ type: 'text/plain', size: 100 })).toBe('只能上传图片文件')
    expect(imageFileError({ type: 'image/jpeg', size: 6 * 1024 * 1024 })).toContain('超过5MB限制')
    expect(videoFileError({ name: 'a.mp4', type: 'video/mp4', size: 1 })).toBe('')
    expect(videoFileError({ name: 'a.txt', type: 'text/plain', size: 1 })).toBe('请选择视频文件')
    expect(videoFileError({ name: 'a.mp4', type: 'video/mp4', size: 101 * 1024 * 1024 })).toBe('文件大小不能超过100MB')
  })
  it('reorders, downsizes to 1200 px and sizes text-image fonts', () => {
    expect(moveItem(['a', 'b', 'c'], 0, 2)).toEqual(['b', 'c', 'a'])
    expect(scaledSize(4000, 3000)).toEqual({ width: 1200, height: 900 })
    expect(scaledSize(800, 600)).toEqual({ width: 800, height: 600 })
    expect([fontSizeFor('五个字的'), fontSizeFor('七个字的句子啊'), fontSizeFor('八个字的句子啊啊'), fontSizeFor('九个字的句子啊啊啊'), fontSizeFor('这是一个比较长的句子啊')]).toEqual([55, 45, 40, 35, 30])
  })
})

describe('auth form (§5)', () => {
  it('reports the register rules', () => {
    const e = validateAuthForm({ userId: 'a!', nickname: '', password: '123', confirm: '12' }, 'register')
    expect(e).toEqual({ userId: '长度需在3-15个字符之间', nickname: '请输入昵称', password: '密码至少需要6位', confirm: '两次输入的密码不一致' })
    expect(validateAuthForm({ userId: 'abc-d', nickname: 'n', password: '123456', confirm: '123456' }, 'register').userId).toBe('只能包含字母、数字和下划线')
  })
  it('login has no length rule', () => {
    expect(validateAuthForm({ userId: 'x', nickname: '', password: '1', confirm: '' }, 'login')).toEqual({})
  })
})

describe('rich text', () => {
  it('renders mentions as links and never injects markup', () => {
    const { container } = render(<RichText html={'你好 [@小明:xm_01] <img src=x onerror="alert(1)"><script>alert(2)</script><b>粗</b>'} />)
    const link = container.querySelector('a.rt-mention')!
    expect(link.textContent).toBe('@小明')
    expect(link.getAttribute('href')).toBe('/user/xm_01')
    expect(container.querySelector('script')).toBeNull()
    expect(container.querySelector('img')!.getAttribute('onerror')).toBeNull()
    expect(container.querySelector('b')!.textContent).toBe('粗')
  })
  it('round-trips text, mentions and line breaks', () => {
    const picked = [{ nickname: '小明', userId: 'xm' }, { nickname: '小明明', userId: 'xmm' }]
    const encoded = encodeMentions('@小明明 和 @小明 好', picked)
    expect(encoded).toBe('[@小明明:xmm] 和 [@小明:xm] 好')
    expect(decodeMentions(encoded)).toEqual({ text: '@小明明 和 @小明 好', picked: [{ nickname: '小明明', userId: 'xmm' }, { nickname: '小明', userId: 'xm' }] })
    expect(htmlToText(textToHtml('a<b>\n第二行'))).toBe('a<b>\n第二行')
    expect(splitMentions('x[@a:b]y').map((p) => p.kind)).toEqual(['text', 'mention', 'text'])
  })
})

describe('display helpers', () => {
  it('formats counts with 万 and k', () => {
    expect(formatCount(9999)).toBe('9999')
    expect(formatCount(12345)).toBe('1.2万')
    expect(formatCount(1500, { k: true })).toBe('1.5k')
  })
  it('shows dots above 99 unread', () => {
    expect(badgeText(99)).toBe('99')
    expect(badgeText(100)).toBe('···')
  })
  it('darkens the primary colour by 10%', () => {
    expect(darken('#ff2442')).toBe('#e6203b')
  })
})
