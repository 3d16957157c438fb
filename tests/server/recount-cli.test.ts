/**
 * `npm run recount` (server/cli/recount.ts) on the run's engine, against a database a live server is using:
 * reports counters that differ from their rows (exit 1), repairs exactly those with --fix, also while members
 * keep liking the damaged note, and says so when everything matches.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { runCli } from '../support/cli'
import { counterMismatches } from '../support/consistency'
import { insertMember, type Member } from '../support/members'
import { sharedEnv, startTestServer, type TestServer } from '../support/server'
import { dbCount, dbRun } from '../support/sql'
import { createCategory, createNote, uploadImage } from './member/support/notes'

let server: TestServer
let author: Member
let fans: Member[]
let noteId: number
let env: Record<string, string>

beforeAll(async () => {
  server = await startTestServer()
  env = sharedEnv(server)
  author = await insertMember(server)
  fans = []
  for (let i = 0; i < 12; i++) fans.push(await insertMember(server))
  const image = await uploadImage(server, author.token)
  noteId = await createNote(server, author.token, { images: [image.url], category_id: await createCategory(server, '运动', 'sport'), tags: ['跑步'] })
  for (const fan of fans.slice(0, 3)) {
    await server.call('POST', '/api/likes', { token: fan.token, json: { target_type: 1, target_id: noteId } })
    await server.call('POST', `/api/users/${author.user_id}/follow`, { token: fan.token })
  }
}, 120_000)
afterAll(() => server?.close())

/** Damage three counters of three tables. */
async function damage(): Promise<void> {
  await dbRun(server.deps.db, 'UPDATE posts SET like_count = 42 WHERE id = ?', [noteId])
  await dbRun(server.deps.db, 'UPDATE users SET fans_count = 0 WHERE id = ?', [author.id])
  await dbRun(server.deps.db, "UPDATE tags SET use_count = 9 WHERE name = '跑步'")
}

describe('npm run recount', () => {
  it('says so when every counter matches', async () => {
    const result = await runCli('recount', [], env)
    expect(result.code, result.stderr).toBe(0)
    expect(result.stdout).toMatch(/all 12 counters match their rows/)
  }, 60_000)

  it('lists the counters that differ and exits 1; --fix repairs them', async () => {
    await damage()
    const check = await runCli('recount', [], env)
    expect(check.code, check.stderr).toBe(1)
    expect(check.stdout).toContain(`posts.like_count: 1 row differ\n  id ${noteId}: stored 42, rows 3`)
    expect(check.stdout).toContain(`users.fans_count: 1 row differ\n  id ${author.id}: stored 0, rows 3`)
    expect(check.stdout).toMatch(/tags\.use_count: 1 row differ\n {2}id \d+: stored 9, rows 1/)
    expect(check.stdout).toMatch(/3 counter values differ from their rows\. Run npm run recount -- --fix/)

    const fix = await runCli('recount', ['--fix'], env)
    expect(fix.code, fix.stderr).toBe(0)
    expect(fix.stdout).toMatch(/Recounted 3 rows; every counter now matches its rows/)
    expect(await counterMismatches(server.deps.db)).toEqual([])
  }, 60_000)

  it('--fix while members keep liking and unliking the damaged note leaves every counter exact', async () => {
    await damage()
    const crowd = fans.slice(3)
    let fixing = true
    const like = async (fan: Member, method: string) => (await server.call(method, '/api/likes', { token: fan.token, json: { target_type: 1, target_id: noteId } })).status
    // Each fan likes and unlikes for as long as the repair runs, then likes once more.
    const traffic = Promise.all(
      crowd.map(async (fan) => {
        const statuses: number[] = []
        while (fixing) statuses.push(await like(fan, 'POST'), await like(fan, 'DELETE'))
        statuses.push(await like(fan, 'POST'))
        return statuses
      }),
    )
    const fix = await runCli('recount', ['--fix'], env)
    fixing = false
    const statuses = (await traffic).flat()
    expect(statuses.length).toBeGreaterThan(crowd.length * 3)
    expect(statuses.filter((s) => s !== 200)).toEqual([])
    expect([0, 1]).toContain(fix.code)
    expect(await dbCount(server.deps.db, 'SELECT like_count AS n FROM posts WHERE id = ?', [noteId])).toBe(3 + crowd.length)
    expect(await counterMismatches(server.deps.db)).toEqual([])
  }, 60_000)

  it('refuses an unknown option with the usage', async () => {
    const result = await runCli('recount', ['--repair'], env)
    expect(result.code).toBe(2)
    expect(result.stderr).toMatch(/Usage: npm run recount/)
  }, 60_000)
})
