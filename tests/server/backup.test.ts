import { createHash } from 'node:crypto'
import { cpSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, statSync, symlinkSync, utimesSync, writeFileSync } from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Manifest } from '../../server/backup/manifest'
import { runCli } from '../support/cli'
import { counterMismatches } from '../support/consistency'
import { runsOn, testDatabase, testEngine, type TestDatabase } from '../support/engines'
import { registerMember, type Member } from '../support/members'
import { sharedEnv, startTestServer, type TestServer } from '../support/server'
import { dbCount, dbQuery } from '../support/sql'
import { AckLedger, registerMembers, untilAcked, writeLoad } from '../support/write-load'
import { createCategory, createNote, uploadImage } from './member/support/notes'

/*
 * Issue 21 point 4: `npm run backup -- --to DIR` while a write load runs, `npm run restore -- --from DIR` into a
 * new DATA_DIR (and, on PostgreSQL / MariaDB, a new database through pg_dump / psql, mysqldump / mysql), then a
 * fixed list of API calls answered as the source answered them, every write acknowledged before the backup
 * started present, every counter matching its rows and the manifest's counts; `--verify` catches damage;
 * restore refuses a non-empty DATA_DIR. The whole file runs on each engine (SHILIU_TEST_ENGINE).
 */

interface Sent {
  key: string
  value: unknown
  outcome: 'acked' | 'refused' | 'unanswered'
  /** performance.now() when the reply came (or the request failed). */
  at: number
}

/** The write load's ledger, also keeping every value sent with the time its outcome was known. */
function historyLedger(): { ledger: AckLedger; history: Sent[] } {
  const ledger = new AckLedger()
  const history: Sent[] = []
  const record = ledger.record.bind(ledger)
  ledger.record = ((map, key, value, outcome) => {
    history.push({ key: `${map === (ledger.nicknames as unknown) ? 'nickname' : 'follow'}:${String(key)}`, value, outcome, at: performance.now() })
    record(map, key, value, outcome)
  }) as AckLedger['record']
  return { ledger, history }
}

/**
 * What a key may hold in a backup that started at `t0`: its last value acknowledged before t0 (which MUST
 * be there unless a later write replaced it), or any value whose request was still open at t0 or came later.
 */
function allowedValues(history: readonly Sent[], t0: number): Map<string, { acked: unknown; allowed: unknown[] }> {
  const out = new Map<string, { acked: unknown; allowed: unknown[] }>()
  for (const h of history) {
    if (h.at < t0 && h.outcome === 'acked') out.set(h.key, { acked: h.value, allowed: [h.value] })
  }
  for (const h of history) if (h.at >= t0 && h.outcome !== 'refused') out.get(h.key)?.allowed.push(h.value)
  return out
}

/**
 * A reply without what reading it moves: note views, and on MySQL the note's updated_at, which its
 * `ON UPDATE CURRENT_TIMESTAMP` column moves when the buffered views are written (reported to the lead).
 */
const VOLATILE = testEngine() === 'mysql' ? /view|^updated_at$/i : /view/i
function stable(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(stable)
  if (value && typeof value === 'object') return Object.fromEntries(Object.entries(value).filter(([k]) => !VOLATILE.test(k)).map(([k, v]) => [k, stable(v)]))
  return value
}

const scratch = mkdtempSync(path.join(os.tmpdir(), 'shiliu-backup-'))
const readManifest = (dir: string) => JSON.parse(readFileSync(path.join(dir, 'manifest.json'), 'utf8')) as Manifest

// Each test runs a few commands as processes: generous limits for a loaded machine (they take seconds when idle).
describe(`backup and restore (${testEngine()})`, { timeout: 90_000 }, () => {
  let source: TestServer
  let author: Member
  let reader: Member
  let note: number
  let fixedCalls: Array<[string, string]>
  const replies = new Map<string, unknown>()
  const backupDir = path.join(scratch, 'backup')
  let t0 = 0
  let ackedDuring = 0
  let history: Sent[] = []
  let ledger: AckLedger
  let restored: TestServer | null = null
  let restoredDb: TestDatabase | null = null
  let youngOrphan = ''

  const call = async (server: TestServer, token: string, p: string) => {
    const { status, body } = await server.call('GET', p, { token })
    return stable({ status, message: body.message, data: body.data })
  }

  beforeAll(async () => {
    source = await startTestServer({ MEDIA_SWEEP_MINUTES: '0' })
    author = await registerMember(source)
    reader = await registerMember(source)
    const category = await createCategory(source, '备份', 'backup')
    const a = await uploadImage(source, author.token)
    const b = await uploadImage(source, author.token)
    youngOrphan = (await uploadImage(source, author.token)).url
    note = await createNote(source, author.token, { title: '备份之前', images: [a.url, b.url], content: `<p>正文<img src="${b.url}"></p>`, category_id: category, tags: ['备份'] })
    const comment = await source.call<{ id: number }>('POST', '/api/comments', { token: reader.token, json: { post_id: note, content: '写得好' } })
    expect(comment.status).toBe(200)
    for (const [method, p, json] of [
      ['POST', '/api/likes', { target_type: 1, target_id: note }],
      ['POST', `/api/posts/${note}/collect`, undefined],
      ['POST', `/api/users/${author.user_id}/follow`, undefined],
    ] as const) {
      expect((await source.call(method, p, { token: reader.token, json })).status).toBe(200)
    }
    // An old upload nothing references: past the orphan grace, left out of the backup.
    mkdirSync(path.join(source.dataDir, 'uploads', '2020', '01'), { recursive: true })
    writeFileSync(path.join(source.dataDir, 'uploads', '2020', '01', 'old-orphan.webp'), 'old')
    const old = new Date(Date.now() - 3 * 86400_000)
    utimesSync(path.join(source.dataDir, 'uploads', '2020', '01', 'old-orphan.webp'), old, old)

    fixedCalls = [
      [author.token, `/api/posts/${note}`],
      [reader.token, `/api/posts/${note}`],
      [author.token, `/api/posts/${note}/comments`],
      [author.token, `/api/users/${author.user_id}`],
      [author.token, `/api/users/${author.user_id}/stats`],
      [author.token, `/api/users/${author.user_id}/posts`],
      [author.token, `/api/users/${author.user_id}/followers`],
      [reader.token, `/api/users/${reader.user_id}/likes`],
      [reader.token, `/api/users/${reader.user_id}/collections`],
      [author.token, '/api/notifications'],
      [author.token, '/api/notifications/unread-count'],
      [author.token, '/api/auth/me'],
      [reader.token, '/api/categories'],
      [reader.token, '/api/tags'],
      [reader.token, '/api/posts'],
    ]
    for (const [token, p] of fixedCalls) replies.set(`${token}${p}`, await call(source, token, p))

    // The backup runs while members keep writing; it is a separate process, as an operator runs it.
    const members = await registerMembers(source.url, 6, `bk${Date.now().toString(36).slice(-4)}`)
    ;({ ledger, history } = historyLedger())
    let stop = false
    const load = writeLoad(source.url, members, ledger, () => stop)
    await untilAcked(ledger, 60)
    t0 = performance.now()
    const ackedAtStart = ledger.acked
    const result = await runCli('backup', ['--to', backupDir], sharedEnv(source))
    // The writes went on while the backup ran: it blocked no writer.
    ackedDuring = ledger.acked - ackedAtStart
    await untilAcked(ledger, 20, 5000)
    stop = true
    await load
    expect(result.stderr).toBe('')
    expect(result.code).toBe(0)
    expect(result.stdout).toMatch(/Backup written to/)
    expect(ledger.acked).toBeGreaterThan(80)
    expect(ackedDuring).toBeGreaterThan(10)
  }, 120_000)

  afterAll(async () => {
    await restored?.close()
    await restoredDb?.drop()
    await source?.close()
    rmSync(scratch, { recursive: true, force: true })
  })

  it('writes the database, the uploads it needs, a private secrets file and a manifest that verifies', async () => {
    const manifest = readManifest(backupDir)
    expect(manifest.engine).toBe(testEngine())
    expect(manifest.method).toBe({ sqlite: 'backup-api', postgres: 'pg_dump', mysql: 'mysqldump' }[testEngine()])
    expect(manifest.tables.posts).toBe(1)
    expect(manifest.tables.comments).toBe(1)
    expect(statSync(path.join(backupDir, 'secrets.json')).mode & 0o777).toBe(0o600)
    const secrets = JSON.parse(readFileSync(path.join(backupDir, 'secrets.json'), 'utf8')) as Record<string, unknown>
    expect(secrets.JWT_SECRET).toBe(source.deps.config.jwtSecret)
    expect(secrets.SHILIU_DATA_KEY).toBe(source.deps.config.dataKeys.current.key.toString('base64'))
    // Referenced images (and thumbnails) and the young unused upload are in; the old orphan is not.
    const images = await dbQuery<{ url: string; thumbnail_url: string }>(source.deps.db, 'SELECT url, thumbnail_url FROM post_images WHERE post_id = ?', [note])
    for (const url of images.flatMap((i) => [i.url, i.thumbnail_url])) expect(existsSync(path.join(backupDir, url))).toBe(true)
    expect(existsSync(path.join(backupDir, youngOrphan))).toBe(true)
    expect(existsSync(path.join(backupDir, 'uploads/2020/01/old-orphan.webp'))).toBe(false)
    expect(manifest.files[youngOrphan.slice(1)]?.sha256).toMatch(/^[0-9a-f]{64}$/)

    const verify = await runCli('backup', ['--verify', backupDir], {})
    expect(verify.code).toBe(0)
    expect(verify.stdout).toMatch(/is sound/)
  })

  it('restores into a new DATA_DIR: the fixed API calls answer as the source did, nothing acknowledged before the backup is missing', async () => {
    const dataDir = path.join(scratch, 'restored')
    restoredDb = await testDatabase('restore', dataDir)
    const result = await runCli('restore', ['--from', backupDir], { DATA_DIR: dataDir, ...restoredDb.env })
    expect(result.stderr).toBe('')
    expect(result.code).toBe(0)
    expect(result.stdout).toMatch(/Restored the backup/)
    for (const secret of ['jwt-secret', 'data-key']) expect(statSync(path.join(dataDir, secret)).mode & 0o777).toBe(0o600)
    restored = await startTestServer({ DATA_DIR: dataDir, MEDIA_SWEEP_MINUTES: '0', ...restoredDb.env })

    // Every table holds what the backup's snapshot held (before any request could add a row).
    const manifest = readManifest(backupDir)
    if (manifest.countsExact) {
      const counts: Record<string, number> = {}
      for (const table of Object.keys(manifest.tables)) counts[table] = await dbCount(restored.deps.db, `SELECT COUNT(*) AS n FROM ${table}`)
      expect(counts).toEqual(manifest.tables)
    }
    expect(await counterMismatches(restored.deps.db)).toEqual([])

    // The source's tokens still work (JWT secret and sessions restored): every fixed call answers the same.
    for (const [token, p] of fixedCalls) expect({ p, reply: await call(restored, token, p) }).toEqual({ p, reply: replies.get(`${token}${p}`) })
    const images = await dbQuery<{ url: string }>(restored.deps.db, 'SELECT url FROM post_images WHERE post_id = ?', [note])
    for (const { url } of images) expect((await restored.fetch(url)).status).toBe(200)

    // The write load: each nickname and follow holds the value acknowledged before the backup started,
    // or one written later; never an older one.
    const nicknames = new Map((await dbQuery<{ id: number; nickname: string }>(restored.deps.db, 'SELECT id, nickname FROM users')).map((r) => [`nickname:${Number(r.id)}`, r.nickname]))
    const follows = new Set((await dbQuery<{ a: number; b: number }>(restored.deps.db, 'SELECT follower_id AS a, following_id AS b FROM follows')).map((r) => `follow:${Number(r.a)}>${Number(r.b)}`))
    const expected = allowedValues(history, t0)
    expect(expected.size).toBeGreaterThan(6)
    const lost: string[] = []
    for (const [key, { acked, allowed }] of expected) {
      const stored = key.startsWith('nickname:') ? nicknames.get(key) : follows.has(key)
      if (!allowed.includes(stored)) lost.push(`${key}: restored ${String(stored)}, acknowledged before the backup ${String(acked)}`)
    }
    expect(lost).toEqual([])
  })

  it('--verify finds a damaged file; a backup never goes into a non-empty folder; bad arguments exit 2', async () => {
    const damaged = path.join(scratch, 'damaged')
    cpSync(backupDir, damaged, { recursive: true })
    const database = path.join(damaged, testEngine() === 'sqlite' ? 'database.sqlite' : 'database.sql')
    const bytes = readFileSync(database)
    bytes[Math.floor(bytes.length / 2)]! ^= 0xff
    writeFileSync(database, bytes)
    // Independent commands, run side by side (each one is a process of its own).
    const [verify, refused, notEmpty, badArgs, notABackup] = await Promise.all([
      runCli('backup', ['--verify', damaged], {}),
      runCli('restore', ['--from', damaged], { DATA_DIR: path.join(scratch, 'from-damaged'), ...(restoredDb?.env ?? {}) }),
      runCli('backup', ['--to', damaged], sharedEnv(source)),
      runCli('backup', ['--to', 'a', '--verify', 'b'], {}),
      runCli('backup', ['--verify', scratch], {}),
    ])
    expect(verify.code).toBe(1)
    expect(verify.stdout).toMatch(/FAILS its check/)
    expect(verify.stdout).toMatch(/checksum differs from the manifest/)
    expect(refused.code).toBe(1)
    expect(refused.stderr).toMatch(/fails its check, nothing was restored/)
    expect(existsSync(path.join(scratch, 'from-damaged'))).toBe(false)
    expect(notEmpty.code).toBe(1)
    expect(notEmpty.stderr).toMatch(/is not empty: give a new folder/)
    expect(badArgs.code).toBe(2)
    expect(badArgs.stderr).toMatch(/Give either --to DIR or --verify DIR/)
    expect(notABackup.code).toBe(1)
    expect(notABackup.stdout).toMatch(/holds no manifest.json/)
  })

  it('a tampered manifest entry leaving its folder, or an upload that is a link out of it: --verify calls the backup unsound, restore refuses and writes nothing (issue 41)', async () => {
    const tampered = path.join(scratch, 'tampered')
    cpSync(backupDir, tampered, { recursive: true })
    // The entry resolves, from the backup folder, to a real file with the manifest's size and checksum: only
    // the path check can tell. A restore would write it to DATA_DIR/uploads/../../escaped.txt.
    const rel = 'uploads/../../escaped.txt'
    const payload = Buffer.from('written outside\n')
    writeFileSync(path.join(tampered, rel), payload)
    const manifest = readManifest(tampered)
    manifest.files[rel] = { bytes: payload.length, sha256: createHash('sha256').update(payload).digest('hex') }
    writeFileSync(path.join(tampered, 'manifest.json'), JSON.stringify(manifest))

    // An upload replaced by a link to an identical file outside the backup.
    const linked = path.join(scratch, 'linked')
    cpSync(backupDir, linked, { recursive: true })
    const upload = Object.keys(readManifest(linked).files).find((f) => f.startsWith('uploads/'))!
    const outside = path.join(scratch, 'outside.webp')
    cpSync(path.join(linked, upload), outside)
    rmSync(path.join(linked, upload))
    symlinkSync(outside, path.join(linked, upload))

    const into = path.join(scratch, 'tampered-restore')
    const dataDir = path.join(into, 'data')
    const [verify, restore, verifyLinked, restoreLinked] = await Promise.all([
      runCli('backup', ['--verify', tampered], {}),
      runCli('restore', ['--from', tampered], { DATA_DIR: dataDir, ...(restoredDb?.env ?? {}) }),
      runCli('backup', ['--verify', linked], {}),
      runCli('restore', ['--from', linked], { DATA_DIR: path.join(scratch, 'linked-restore'), ...(restoredDb?.env ?? {}) }),
    ])
    expect(verify.code).toBe(1)
    expect(verify.stdout).toMatch(/FAILS its check/)
    expect(verify.stdout).toContain(`"${rel}": leaves its folder`)
    expect(restore.code).toBe(1)
    expect(restore.stderr).toMatch(/fails its check, nothing was restored/)
    expect(restore.stderr).toContain(`"${rel}": leaves its folder`)
    expect(existsSync(path.join(dataDir, rel))).toBe(false)
    expect(existsSync(into)).toBe(false)
    expect(verifyLinked.code).toBe(1)
    expect(verifyLinked.stdout).toContain(`${upload}: a symbolic link`)
    expect(restoreLinked.code).toBe(1)
    expect(existsSync(path.join(scratch, 'linked-restore'))).toBe(false)
  })

  it('restore refuses a non-empty DATA_DIR and leaves it as it was', async () => {
    const dataDir = path.join(scratch, 'occupied')
    mkdirSync(dataDir)
    writeFileSync(path.join(dataDir, 'notes.txt'), 'keep me')
    const result = await runCli('restore', ['--from', backupDir], { DATA_DIR: dataDir })
    expect(result.code).toBe(1)
    expect(result.stderr).toMatch(/DATA_DIR .*occupied is not empty \(notes.txt\): a restore never overwrites an installation/)
    expect(readFileSync(path.join(dataDir, 'notes.txt'), 'utf8')).toBe('keep me')
    expect(existsSync(path.join(dataDir, 'uploads'))).toBe(false)
  })

  it.runIf(!runsOn('sqlite'))('restore refuses a database that already holds tables, and a backup of another engine', async () => {
    const dataDir = path.join(scratch, 'into-live')
    const other = testEngine() === 'postgres' ? 'mysql://root@127.0.0.1:3306/none' : 'postgres://postgres@127.0.0.1:5432/none'
    const [live, sqlite, wrongEngine] = await Promise.all([
      runCli('restore', ['--from', backupDir], { DATA_DIR: dataDir, DATABASE_URL: source.deps.config.database.url }),
      runCli('restore', ['--from', backupDir], { DATA_DIR: path.join(scratch, 'as-sqlite') }),
      runCli('restore', ['--from', backupDir], { DATA_DIR: path.join(scratch, 'as-other'), DATABASE_URL: other }),
    ])
    expect(live.code).toBe(1)
    expect(live.stderr).toMatch(/The database of DATABASE_URL already holds \d+ table\(s\): restore into a new, empty database/)
    expect(existsSync(dataDir)).toBe(false)
    expect(sqlite.stderr).toMatch(/This is a backup of a (PostgreSQL|MariaDB\/MySQL) installation, the target is SQLite/)
    expect(wrongEngine.stderr).toMatch(/the target is (PostgreSQL|MariaDB\/MySQL)\. Set DATABASE_URL to a new, empty/)
    for (const result of [sqlite, wrongEngine]) expect(result.code).toBe(1)
  })

  it.runIf(runsOn('sqlite'))('SQLite: the integrity check catches a damaged database whose checksum was forged; VACUUM INTO is the fallback', async () => {
    const forged = path.join(scratch, 'forged')
    cpSync(backupDir, forged, { recursive: true })
    const file = path.join(forged, 'database.sqlite')
    const bytes = readFileSync(file)
    // Break the header of every b-tree page but the first (the schema): SQLite still opens the file.
    const pageSize = bytes.readUInt16BE(16) === 1 ? 65536 : bytes.readUInt16BE(16)
    for (let page = pageSize; page < bytes.length; page += pageSize) bytes[page] = 0x07
    writeFileSync(file, bytes)
    const manifest = readManifest(forged)
    manifest.files['database.sqlite'] = { bytes: bytes.length, sha256: createHash('sha256').update(bytes).digest('hex') }
    writeFileSync(path.join(forged, 'manifest.json'), JSON.stringify(manifest))
    const portable = path.join(scratch, 'portable')
    const [verify, result] = await Promise.all([
      runCli('backup', ['--verify', forged], {}),
      runCli('backup', ['--to', portable], { ...sharedEnv(source), SHILIU_SQLITE_WRITER: 'portable' }),
    ])
    expect(verify.code).toBe(1)
    expect(verify.stdout).toMatch(/database\.sqlite: (integrity check failed|cannot be opened|.*malformed)/)
    expect(result.code).toBe(0)
    expect(readManifest(portable).method).toBe('vacuum-into')
    expect((await runCli('backup', ['--verify', portable], {})).code).toBe(0)
  })

  it.runIf(!runsOn('sqlite'))('without the client tools, says what to run instead', async () => {
    const result = await runCli('backup', ['--to', path.join(scratch, 'no-tools')], { ...sharedEnv(source), PATH: '/nonexistent' })
    expect(result.code).toBe(1)
    expect(result.stderr).toMatch(testEngine() === 'postgres' ? /pg_dump is not installed.*pg_dump --no-owner/s : /mysqldump is not installed.*mysqldump --single-transaction/s)
    expect(existsSync(path.join(scratch, 'no-tools'))).toBe(false)
  })
})
