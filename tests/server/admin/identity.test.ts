import { mkdtempSync, readFileSync, statSync } from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { AdminList } from '../../../server/contract/admin/list'
import { missingDataKeys, sealApplications } from '../../../server/domain/identity'
import { loadKeyring, rotateKeyFile, sealedKeyId, unseal } from '../../../server/security/data-key'
import { maskApplication } from '../../../server/security/masking'
import { testEngine } from '../../support/engines'
import { startTestServer, type TestServer } from '../../support/server'
import { dbQuery, dbRun } from '../../support/sql'
import { adminToken, createAdmin, createMember, uploadImage } from './support'

/*
 * Issue 11 point 5: the personal fields of a verification application are encrypted at rest, masked for
 * administrators, revealed only by an audited action; DATA_DIR's database, uploads and secrets are owner-only.
 */

type Row = Record<string, unknown>
const ID_NUMBER = '110101199001011234'
const personal = { type: 2, realName: '张三丰', idCard: ID_NUMBER, occupation: '学生', reason: '校园博主' }
const official = { type: 1, organizationName: '石榴社团', creditCode: '91110000MA01ABCD3X', contactName: '李四', contactPhone: '13812341234', reason: '官方账号' }
const SECRETS = [ID_NUMBER, '张三丰', '91110000MA01ABCD3X', '13812341234']

describe('identity data: encrypted at rest, masked for administrators, audited reveal', () => {
  let server: TestServer
  let token: string
  const ids: Record<'personal' | 'official', number> = { personal: 0, official: 0 }
  beforeAll(async () => {
    server = await startTestServer()
    await createAdmin(server)
    token = await adminToken(server)
    for (const [name, form] of [['personal', personal], ['official', official]] as const) {
      const m = await createMember(server)
      const res = await server.call<{ id: number }>('POST', '/api/users/verification', { token: m.token, json: form })
      expect(res.status).toBe(200)
      ids[name] = res.body.data.id
    }
  })
  afterAll(() => server?.close())

  it('the database holds no personal value in clear: masked content plus an AES-GCM sealed copy', async () => {
    const rows = await dbQuery<{ content: string; content_sealed: string }>(server.deps.db, 'SELECT * FROM verifications ORDER BY id')
    expect(rows).toHaveLength(2)
    for (const secret of SECRETS) expect(JSON.stringify(rows)).not.toContain(secret)
    expect(rows[0]!.content).toContain('<th>真实姓名</th><td>张**</td>')
    expect(rows[0]!.content).toContain('<th>身份证号</th><td>1101**********1234</td>')
    expect(rows[1]!.content).toContain('<th>联系电话</th><td>138****1234</td>')
    expect(rows[1]!.content).toContain('<th>联系人</th><td>李*</td>')
    for (const r of rows) expect(sealedKeyId(r.content_sealed)).toBe(server.deps.config.dataKeys.current.id)
    expect(unseal(server.deps.config.dataKeys, rows[0]!.content_sealed)).toContain(ID_NUMBER)
  })

  it.runIf(testEngine() === 'sqlite')('SQLite: neither the database file nor its WAL contains the ID number', () => {
    const file = server.deps.config.database.url
    for (const f of [file, `${file}-wal`]) {
      let bytes: Buffer
      try {
        bytes = readFileSync(f)
      } catch {
        continue
      }
      expect(bytes.includes(Buffer.from(ID_NUMBER))).toBe(false)
      expect(bytes.includes(Buffer.from('张三丰'))).toBe(false)
    }
  })

  it('administrators see masked values in the list and the detail', async () => {
    const list = await server.call<AdminList<Row>>('GET', '/api/admin/audit', { token })
    const text = JSON.stringify(list.body.data)
    for (const secret of SECRETS) expect(text).not.toContain(secret)
    expect(text).toContain('1101**********1234')
    const detail = await server.call<Row>('GET', `/api/admin/verifications/${ids.official}`, { token })
    expect(String(detail.body.data.content)).toContain('9111**********CD3X')
    expect(JSON.stringify(detail.body.data)).not.toContain('13812341234')
  })

  it('reveal returns the clear table and writes an audit-log row; members and visitors cannot', async () => {
    const before = await dbQuery(server.deps.db, "SELECT id FROM admin_audit_logs WHERE action = 'reveal'")
    const res = await server.call<{ id: number; content: string }>('POST', `/api/admin/audit/${ids.personal}/reveal`, { token })
    expect(res.status).toBe(200)
    expect(res.body.data.id).toBe(ids.personal)
    expect(res.body.data.content).toContain(`<th>身份证号</th><td>${ID_NUMBER}</td>`)
    expect(res.body.data.content).toContain('<td>张三丰</td>')
    const logs = await dbQuery<{ resource: string; resource_ids: string; admin_username: string }>(server.deps.db, "SELECT resource, resource_ids, admin_username FROM admin_audit_logs WHERE action = 'reveal'")
    expect(logs).toHaveLength(before.length + 1)
    expect(logs.at(-1)).toMatchObject({ resource: 'verifications', resource_ids: String(ids.personal), admin_username: 'root' })
    const viaLogs = await server.call<AdminList<Row>>('GET', '/api/admin/audit-logs?action=reveal', { token })
    if (viaLogs.status === 200) expect(JSON.stringify(viaLogs.body.data)).not.toContain(ID_NUMBER)

    const member = await createMember(server)
    expect((await server.call('POST', `/api/admin/audit/${ids.personal}/reveal`, { token: member.token })).status).toBe(401)
    expect((await server.call('POST', `/api/admin/audit/${ids.personal}/reveal`)).status).toBe(401)
    expect((await server.call('POST', '/api/admin/audit/999999/reveal', { token })).status).toBe(404)
  })

  it('rows stored in clear before this release are sealed and masked by the start-up step', async () => {
    const m = await createMember(server)
    const legacy = `<table><tbody><tr><th>真实姓名</th><td>王五</td></tr><tr><th>身份证号</th><td>${ID_NUMBER}</td></tr></tbody></table>`
    await dbRun(server.deps.db, 'INSERT INTO verifications (user_id, type, content, status) VALUES (?, ?, ?, ?)', [m.user.id, 2, legacy, 0])
    expect(await sealApplications(server.deps)).toBe(1)
    expect(await sealApplications(server.deps)).toBe(0)
    const [row] = await dbQuery<{ id: number; content: string; content_sealed: string }>(server.deps.db, 'SELECT id, content, content_sealed FROM verifications WHERE user_id = ?', [m.user.id])
    expect(row!.content).not.toContain(ID_NUMBER)
    expect(row!.content).toContain('<td>王*</td>')
    const revealed = await server.call<{ content: string }>('POST', `/api/admin/audit/${Number(row!.id)}/reveal`, { token })
    expect(revealed.body.data.content).toBe(legacy)
  })

  it('key rotation: a new key re-encrypts every row; the old key stays readable from data-keys.old', async () => {
    const before = server.deps.config.dataKeys.current.id
    const rotated = rotateKeyFile(server.dataDir)
    expect(rotated.current.id).not.toBe(before)
    expect(rotated.byId.has(before)).toBe(true)
    const changed = await sealApplications({ db: server.deps.db, config: { ...server.deps.config, dataKeys: rotated } }, { resealAll: true })
    expect(changed).toBeGreaterThanOrEqual(3)
    const rows = await dbQuery<{ content_sealed: string }>(server.deps.db, 'SELECT content_sealed FROM verifications')
    for (const r of rows) expect(sealedKeyId(r.content_sealed)).toBe(rotated.current.id)
    const reloaded = loadKeyring(server.dataDir, {})
    expect(unseal(reloaded, rows[0]!.content_sealed)).toContain('<table>')
    for (const f of ['data-key', 'data-keys.old']) expect(statSync(path.join(server.dataDir, f)).mode & 0o777).toBe(0o600)
    // A server with another key (a second instance that generated its own) refuses to start.
    expect(await missingDataKeys({ db: server.deps.db, config: { ...server.deps.config, dataKeys: rotated } })).toBeNull()
    const stranger = loadKeyring(mkdtempSync(path.join(os.tmpdir(), 'shiliu-key-')), {})
    expect(await missingDataKeys({ db: server.deps.db, config: { ...server.deps.config, dataKeys: stranger } })).toMatch(`data key ${rotated.current.id}`)
  })

  it('DATA_DIR is owner-only: secrets and uploads 600, directories 700, the SQLite file 600', async () => {
    const mode = (f: string) => statSync(f).mode & 0o777
    expect(mode(path.join(server.dataDir, 'jwt-secret'))).toBe(0o600)
    expect(mode(path.join(server.dataDir, 'uploads'))).toBe(0o700)
    const m = await createMember(server)
    const url = await uploadImage(server, m.token)
    const file = path.join(server.dataDir, url)
    expect(mode(file)).toBe(0o600)
    expect(mode(path.dirname(file))).toBe(0o700)
    if (testEngine() === 'sqlite') expect(mode(server.deps.config.database.url)).toBe(0o600)
  })
})

describe('masking', () => {
  it('masks by row label and numbers that look like ID, mobile or credit-code numbers anywhere', () => {
    const html = `<table><tr><th>真实姓名</th><td>欧阳娜娜</td></tr><tr><th>身份证号</th><td>11010119900101123X</td></tr><tr><th>申请理由</th><td>电话13900001111，身份证${ID_NUMBER}</td></tr></table>`
    const masked = maskApplication(html)
    expect(masked).toContain('<td>欧***</td>')
    expect(masked).toContain('<td>1101**********123X</td>')
    expect(masked).toContain('139****1111')
    expect(masked).not.toContain(ID_NUMBER)
  })
})
