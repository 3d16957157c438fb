/**
 * Notes indexed by the old pair tokenizer are re-tokenised into words at start-up (domain/search-reindex.ts),
 * in batches through the writer, once: the recorded tokenizer version stops it from running again.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { execute, query } from '../../server/db/sql'
import { inTransaction } from '../../server/db/transaction'
import { reindexSearchIfStale, SEARCH_TOKENIZER_VERSION } from '../../server/domain/search-reindex'
import * as legacy from '../../server/search/legacy-pairs'
import { registerMember } from '../support/members'
import { startTestServer, type TestServer } from '../support/server'
import { createCategory, createNote, uploadImage } from './member/support/notes'

let server: TestServer

beforeAll(async () => {
  server = await startTestServer()
})
afterAll(() => server?.close())

// Signed in: a visitor's reply is micro-cached for a second.
const titles = async (keyword: string, token: string) => {
  const { body } = await server.call<{ posts: Array<{ title: string }> }>('GET', `/api/search/posts?keyword=${encodeURIComponent(keyword)}`, { token })
  return body.data.posts.map((p) => p.title)
}

describe('re-tokenising stored notes', () => {
  it('rewrites pair tokens into words, keeps drafts empty, and runs once per tokenizer version', async () => {
    const author = await registerMember(server, 'reindexer01')
    const img = await uploadImage(server, author.token)
    const category = await createCategory(server, '校园', 'campus-reindex')
    const id = await createNote(server, author.token, { title: '学生会议室预约', content: '<p>三楼</p>', images: [img.url], category_id: category })
    const draft = await createNote(server, author.token, { title: '学生会草稿', is_draft: true, images: [] })
    // As an installation from before issue 38 has it: pair tokens, no recorded version.
    await inTransaction(server.deps.db, async (m) => {
      await execute(m, 'UPDATE posts SET search_text = ? WHERE id = ?', [legacy.searchText('学生会议室预约', '三楼'), id])
      await execute(m, "DELETE FROM settings WHERE name = 'search_tokenizer'")
    })
    // Word queries do not find pair tokens (会议室 was stored as 会议 + 议室).
    expect(await titles('会议室', author.token)).toEqual([])

    expect(await reindexSearchIfStale(server.deps.db)).toBe(1)
    const [row] = await query<{ search_text: string }>(server.deps.db, 'SELECT search_text FROM posts WHERE id = ?', [id])
    expect(row!.search_text.split(' ')).toContain('会议室')
    expect(await titles('会议室', author.token)).toEqual(['学生会议室预约'])
    const [kept] = await query<{ search_text: string }>(server.deps.db, 'SELECT search_text FROM posts WHERE id = ?', [draft])
    expect(kept!.search_text).toBe('')
    const [version] = await query<{ value: string }>(server.deps.db, "SELECT value FROM settings WHERE name = 'search_tokenizer'")
    expect(version!.value).toBe(SEARCH_TOKENIZER_VERSION)
    expect(await reindexSearchIfStale(server.deps.db)).toBe(0)
  })
})
