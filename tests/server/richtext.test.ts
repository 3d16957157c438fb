import { describe, expect, it } from 'vitest'
import { mentionedUserIds, sanitizeRichText } from '../../server/domain/richtext'
import { contentExcerpt } from '../../server/presenters/excerpt'

describe('mention links through the sanitiser', () => {
  it('keeps the editors\' mention link in a canonical form and finds its user, with the text form, in order', () => {
    const html = sanitizeRichText('<p>[@小明:xm_01] 和 <a href="/user/alice_1" class="mention-link" data-user-id="alice_1" contenteditable="false" onclick="x()">@Alice</a></p>')
    expect(html).toBe('<p>[@小明:xm_01] 和 <a href="/user/alice_1" class="mention-link" data-user-id="alice_1" target="_blank" rel="noopener noreferrer nofollow">@Alice</a></p>')
    expect(mentionedUserIds(html)).toEqual(['xm_01', 'alice_1'])
  })

  it('takes the id from the /user/{id} href when data-user-id is missing or invalid', () => {
    for (const link of ['<a href="/user/carol9" class="mention-link">@C</a>', '<a href="https://shiliu.example/user/carol9" data-user-id="">@C</a>']) {
      const html = sanitizeRichText(link)
      expect(html).toContain('href="/user/carol9"')
      expect(mentionedUserIds(html)).toEqual(['carol9'])
    }
  })

  it('a mention link naming nobody valid is an ordinary link (scripts stay out)', () => {
    const html = sanitizeRichText('<a href="javascript:alert(1)" class="mention-link" data-user-id="x&quot;><script>">@x</a>')
    expect(html).not.toMatch(/javascript|script|data-user-id/)
    expect(mentionedUserIds(html)).toEqual([])
  })

  it('plain links keep no class or data attribute; text that looks like a link attribute mentions nobody', () => {
    const html = sanitizeRichText('<a href="https://example.com" class="evil">x</a> &lt;a data-user-id="bob_22"')
    expect(html).toBe('<a href="https://example.com" target="_blank" rel="noopener noreferrer nofollow">x</a> &lt;a data-user-id="bob_22"')
    expect(mentionedUserIds(html)).toEqual([])
  })

  it('counts each member once and at most 20', () => {
    const many = Array.from({ length: 25 }, (_, i) => `[@n:user_${i}]`).join(' ')
    expect(mentionedUserIds(sanitizeRichText(`${many} [@n:user_0]`))).toHaveLength(20)
  })
})

describe('contentExcerpt (note cards)', () => {
  it('is the visible text, whitespace collapsed, at most 100 characters', () => {
    const text = '字'.repeat(150)
    expect(contentExcerpt(`<p>${text}</p>`)).toBe('字'.repeat(100))
    expect(contentExcerpt('<p>第一段</p><p>第二段<br>第三行</p>')).toBe('第一段 第二段 第三行')
  })

  it('decodes entities, writes mentions as @nickname and shows angle brackets full-width (inert as markup)', () => {
    expect(contentExcerpt('a &amp; b &lt;img src=x onerror=alert(1)&gt; &#128512; [@小明:xm_01] <a class="mention-link" data-user-id="bob_22">@小鲍</a>')).toBe(
      'a & b ＜img src=x onerror=alert(1)＞ 😀 @小明 @小鲍',
    )
  })

  it('drops a tag or entity cut off at the end of the prefix it is given, and images leave no text', () => {
    expect(contentExcerpt('<p>好天气</p><img src="/uploads/2025/01/ab')).toBe('好天气')
    expect(contentExcerpt('晴天 &am')).toBe('晴天')
    expect(contentExcerpt('<img src="/uploads/a.webp">')).toBe('')
    expect(contentExcerpt(null)).toBe('')
  })

  it('counts characters, not UTF-16 units', () => {
    expect([...contentExcerpt('😀'.repeat(120))]).toHaveLength(100)
  })
})
