import { existsSync, mkdtempSync, readdirSync, rmSync, statSync, writeFileSync } from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import { readOrCreateSecretFile } from '../../server/security/secret-file'

/*
 * The data directory's secret files (jwt-secret, data-key) when several processes start on a new DATA_DIR at
 * once (found by demo-instances.test: a second server read the data key while the first was writing it, empty,
 * and refused to start). The other process is played by a nested call made at the moment this one has its
 * content but has not published it yet.
 */
const dirs: string[] = []
const fresh = () => {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'shiliu-secret-'))
  dirs.push(dir)
  return path.join(dir, 'data-key')
}
afterAll(() => dirs.forEach((d) => rmSync(d, { recursive: true, force: true })))

describe('readOrCreateSecretFile', () => {
  it('makes the file once (mode 600) and reads it afterwards', () => {
    const file = fresh()
    expect(readOrCreateSecretFile(file, () => 'first\n')).toBe('first\n')
    expect(statSync(file).mode & 0o777).toBe(0o600)
    expect(readOrCreateSecretFile(file, () => 'second\n')).toBe('first\n')
    expect(readdirSync(path.dirname(file))).toEqual(['data-key'])
  })

  it('never shows a file that is not whole, and the process that publishes second uses the first one’s secret', () => {
    const file = fresh()
    let seenWhileMaking: boolean | undefined
    let other: string | undefined
    const mine = readOrCreateSecretFile(file, () => {
      // Another process, starting now, finds no file (not an empty one) and makes its own, first.
      seenWhileMaking = existsSync(file)
      other = readOrCreateSecretFile(file, () => 'other\n')
      return 'mine\n'
    })
    expect(seenWhileMaking).toBe(false)
    expect(other).toBe('other\n')
    expect(mine).toBe('other\n')
    expect(readOrCreateSecretFile(file, () => 'later\n')).toBe('other\n')
    expect(readdirSync(path.dirname(file))).toEqual(['data-key'])
  })

  it('reads a file written by hand as it is', () => {
    const file = fresh()
    writeFileSync(file, 'by-hand\n')
    expect(readOrCreateSecretFile(file, () => 'made\n')).toBe('by-hand\n')
  })
})
