import { describe, expect, it } from 'vitest'
import { fts5Match, queryTerms, searchText, tokenize, tsQuery } from '../../server/search/tokenizer'

describe('Chinese tokenizer', () => {
  it('splits CJK runs into overlapping bigrams plus the last character, Latin runs into words', () => {
    expect(tokenize('图书馆 Study2024')).toEqual(['图书', '书馆', '馆', 'study2024'])
  })

  it('normalises full-width characters and case (NFKC)', () => {
    expect(tokenize('ＡＢＣ１２')).toEqual(['abc12'])
  })

  it('indexes every character: each starts a bigram or ends its run', () => {
    const tokens = tokenize('考研数学')
    for (const ch of '考研数学') expect(tokens.some((t) => t.startsWith(ch))).toBe(true)
  })

  it('turns a one-character query into a prefix term and longer queries into bigrams', () => {
    expect(queryTerms('馆')).toEqual([{ token: '馆', prefix: true }])
    expect(queryTerms('图书馆')).toEqual([
      { token: '图书', prefix: false },
      { token: '书馆', prefix: false },
    ])
  })

  it('quotes user input in FTS5 and tsquery expressions', () => {
    const terms = queryTerms('a"b 食堂')
    expect(fts5Match(terms)).toBe('"a" AND "b" AND "食堂"')
    expect(tsQuery(queryTerms("it's"))).toBe("'it' & 's':*")
  })

  it('ignores punctuation-only queries', () => {
    expect(queryTerms('！？。 ')).toEqual([])
    expect(searchText('你好，世界!', null)).toBe('你好 好 世界 界')
  })
})
