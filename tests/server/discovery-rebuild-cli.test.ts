/**
 * `npm run discovery:rebuild` (server/cli/discovery-rebuild.ts) on the run's engine, against a database a live
 * server is using: after the signal tables were emptied (what a bulk import that writes likes and follows
 * directly leaves: interactions without their signals), it puts back the rows the commands had kept.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { runCli } from '../support/cli'
import { insertMember, type Member } from '../support/members'
import { sharedEnv, startTestServer, type TestServer } from '../support/server'
import { dbQuery, dbRun } from '../support/sql'
import { createCategory, createNote, uploadImage } from './member/support/notes'

let server: TestServer
let author: Member
let fan: Member
let env: Record<string, string>

const affinityKeys = async () =>
  ((await dbQuery(server.deps.db, 'SELECT user_id, kind, target_id FROM member_affinities ORDER BY user_id, kind, target_id')) as Array<Record<string, unknown>>).map(
    (r) => `${Number(r.user_id)}|${Number(r.kind)}|${Number(r.target_id)}`,
  )

beforeAll(async () => {
  server = await startTestServer()
  env = sharedEnv(server)
  author = await insertMember(server)
  fan = await insertMember(server)
  const category = await createCategory(server, '运动', 'sport')
  for (const tag of ['跑步', '游泳']) {
    const image = await uploadImage(server, author.token)
    const id = await createNote(server, author.token, { images: [image.url], category_id: category, tags: [tag] })
    expect((await server.call('POST', '/api/likes', { token: fan.token, json: { target_type: 1, target_id: id } })).status).toBe(200)
  }
  expect((await server.call('POST', `/api/users/${author.user_id}/follow`, { token: fan.token })).status).toBe(200)
}, 120_000)
afterAll(() => server?.close())

describe('npm run discovery:rebuild', () => {
  it('recomputes the signals a bulk import left empty: the same rows the commands kept', async () => {
    const kept = await affinityKeys()
    // the fan's tags (2), category, engaged author and followed author
    expect(kept.filter((k) => k.startsWith(`${fan.id}|`))).toHaveLength(5)
    await dbRun(server.deps.db, 'DELETE FROM member_affinities')
    await dbRun(server.deps.db, 'DELETE FROM note_neighbours')
    expect(await affinityKeys()).toEqual([])

    const result = await runCli('discovery-rebuild', [], env)
    expect(result.code, result.stderr).toBe(0)
    expect(result.stdout).toMatch(/5 affinities, 2 note neighbours/)
    expect(await affinityKeys()).toEqual(kept)
  }, 120_000)

  it('rejects an unknown flag with the usage (exit 2)', async () => {
    const result = await runCli('discovery-rebuild', ['--nope'], env)
    expect(result.code).toBe(2)
    expect(result.stderr).toMatch(/Usage: npm run discovery:rebuild/)
  }, 60_000)
})
