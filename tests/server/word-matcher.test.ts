import { describe, expect, it } from 'vitest'
import { foldWord, screenHtml, screenPlain, WordMatcher } from '../../server/domain/word-matcher'

const matcher = new WordMatcher([
  { word: '广告', action: 'replace' },
  { word: 'Spam', action: 'block' },
  { word: '加微信', action: 'review' },
  { word: '代写论文', action: 'replace' },
  { word: '论文', action: 'block' },
])

describe('watched-word matcher', () => {
  it('folds width and case (NFKC, lower case) the same way for words and texts', () => {
    expect(foldWord(' ＳＰＡＭ ')).toBe('spam')
    expect(screenPlain(matcher, '这是ＳＰＡＭ').verdict).toBe('block')
    expect(screenPlain(matcher, 'sPaM here').verdict).toBe('block')
    expect(screenPlain(matcher, 'spa m').verdict).toBe(null)
  })

  it('finds Chinese inside longer text without word boundaries', () => {
    expect(screenPlain(matcher, '今天有人说加微信领红包').verdict).toBe('review')
    expect(screenPlain(matcher, '今天天气不错').verdict).toBe(null)
  })

  it('masks each replace match in the original text, full-width characters included', () => {
    expect(screenPlain(matcher, '看广告，再看广告').text).toBe('看***，再看***')
    const wide = new WordMatcher([{ word: 'ab', action: 'replace' }])
    expect(screenPlain(wide, 'xＡＢy Ab').text).toBe('x***y ***')
  })

  it('reports the strongest action, even when a block word overlaps a longer replace word', () => {
    expect(screenPlain(matcher, '找人代写论文').verdict).toBe('block')
    expect(screenPlain(matcher, '广告 加微信').verdict).toBe('review')
  })

  it('screens rich text on its visible text and keeps every tag in place', () => {
    expect(screenHtml(matcher, '<p>看<b>广</b>告&amp;</p>').text).toBe('<p>看<b>***</b>&amp;</p>')
    expect(screenHtml(matcher, '<p class="spam">你好</p>').verdict).toBe(null)
    expect(screenHtml(matcher, '<p>S&#80;AM</p>').verdict).toBe('block')
    expect(screenHtml(matcher, '<p>没有问题</p>').text).toBe('<p>没有问题</p>')
  })

  it('an empty list matches nothing', () => {
    expect(screenPlain(new WordMatcher([]), 'anything')).toEqual({ verdict: null, text: 'anything' })
  })
})
