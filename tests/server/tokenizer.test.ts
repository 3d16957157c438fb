import { describe, expect, it } from 'vitest'
import { matchRanges } from '../../server/search/highlight'
import * as legacy from '../../server/search/legacy-pairs'
import { fts5Match, mysqlBooleanQuery, noteSearchText, queryTerms, searchText, tokenize, tsQuery } from '../../server/search/tokenizer'

const tokens = (q: string) => queryTerms(q).map((t) => t.token)

describe('word tokenizer (jieba)', () => {
  it('cuts Chinese into dictionary words, in text order with repeats, then sub-words and characters once', () => {
    const t = tokenize('图书馆 图书馆 Study2024')
    expect(t.slice(0, 3)).toEqual(['图书馆', '图书馆', 'study2024'])
    expect(t).toEqual(expect.arrayContaining(['图书', '书馆', '图', '书', '馆']))
    expect(t.filter((x) => x === '图书').length).toBe(1)
  })

  it('indexes the character pairs of stretches the dictionary does not know (names), and nowhere else', () => {
    const t = tokenize('覃小榴，图书馆')
    expect(t).toEqual(expect.arrayContaining(['覃小', '小榴', '图书馆']))
    expect(t).not.toContain('书馆图')
    expect(t.filter((x) => [...x].length === 2 && !['覃小', '小榴', '图书', '书馆'].includes(x))).toEqual([])
    expect(tokens('覃小榴')).toEqual(['覃小', '小榴'])
  })

  it('queries with words: 大学生活 is 大学 + 生活 (never the pair 学生), 学生会 one word', () => {
    expect(tokens('大学生活')).toEqual(['大学', '生活'])
    expect(tokens('学生会')).toEqual(['学生会'])
    expect(tokenize('研究生活动')).not.toContain('生活')
  })

  it('separates Latin and Chinese in mixed text, normalises width and case (NFKC)', () => {
    expect(tokens('Python入门')).toEqual(['python', '入门'])
    expect(tokenize('ＡＢＣ１２')).toEqual(['abc12'])
    expect(queryTerms('考研 Eng')).toEqual([
      { token: '考研', prefix: false },
      { token: 'eng', prefix: true },
    ])
  })

  it('a one-character query matches the character, found anywhere in a word', () => {
    expect(queryTerms('锅')).toEqual([{ token: '锅', prefix: false }])
    expect(tokenize('麻辣香锅')).toContain('锅')
  })

  it('leaves out lone particles between words of a longer query, and punctuation', () => {
    expect(tokens('食堂的麻辣烫')).toEqual(['食堂', '麻辣烫'])
    expect(queryTerms('！？。 ')).toEqual([])
    expect(searchText('你好，世界!', null)).toBe('你好 世界 你 好 世 界')
  })

  it('counts a note title and tags twice', () => {
    const text = noteSearchText('考研', '复习', ['上岸']).split(' ')
    expect(text.filter((t) => t === '考研').length).toBe(2)
    expect(text.filter((t) => t === '上岸').length).toBe(2)
    expect(text.filter((t) => t === '复习').length).toBe(1)
  })

  it('quotes user input for FTS5 and tsquery, and keeps MariaDB boolean syntax out', () => {
    expect(fts5Match(queryTerms('a"b 食堂'))).toBe('"a" AND "b" AND "食堂"')
    expect(tsQuery(queryTerms("it's"))).toBe("'it' & 's':*")
    expect(mysqlBooleanQuery(queryTerms('+x -y "食堂"'))).toBe('+zzx +zzy +zz食堂')
  })

  it('keeps the old pair tokenizer for the evaluation only', () => {
    expect(legacy.tokenize('图书馆')).toEqual(['图书', '书馆', '馆'])
  })
})

describe('highlight ranges', () => {
  it('finds every occurrence, merges overlaps, and maps full-width text back to its own indexes', () => {
    expect(matchRanges('图书馆和图书', ['图书馆', '图书'])).toEqual([
      [0, 3],
      [4, 6],
    ])
    expect(matchRanges('ＡＢＣ学习', ['abc'])).toEqual([[0, 3]])
    expect(matchRanges('覃小榴', ['覃小', '小榴'])).toEqual([[0, 3]])
  })
})
