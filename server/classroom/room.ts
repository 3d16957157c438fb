import { mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs'
import path from 'node:path'
import QRCode from 'qrcode'
import type { DataSource } from 'typeorm'
import { query } from '../db/sql'

/*
 * The teacher's files of a classroom, in DATA_DIR/classroom/ (owner-only, like the rest of DATA_DIR): room.json
 * (the address students open and the class code, written by the server at each classroom start, read by
 * `npm run classroom`) and the printed sheets of class accounts (sheet.ts). Never served but through the
 * teacher's pages (http/classroom-pages.ts).
 */

export interface Room {
  /** The address students open (http://LAN-address:port). */
  url: string
  code: string
  /**
   * Members from this id on joined the class (class accounts, self-registered students); the ones before are
   * the demo's people. Fixed at the classroom's first start (kept by later starts, gone with a reset).
   */
  firstMemberId: number
}

export const classroomDir = (dataDir: string) => path.join(dataDir, 'classroom')

function ensureDir(dataDir: string): string {
  const dir = classroomDir(dataDir)
  mkdirSync(dir, { recursive: true, mode: 0o700 })
  return dir
}

/** At each classroom start: the room's address and code now, the first class member's id as first recorded. */
export async function recordRoom(db: DataSource, dataDir: string, url: string, code: string): Promise<Room> {
  const [row] = await query<{ last: number | null }>(db, 'SELECT MAX(id) AS last FROM users')
  const room = { url, code, firstMemberId: readRoom(dataDir)?.firstMemberId ?? Number(row?.last ?? 0) + 1 }
  writeRoom(dataDir, room)
  return room
}

export function writeRoom(dataDir: string, room: Room): void {
  writeFileSync(path.join(ensureDir(dataDir), 'room.json'), `${JSON.stringify(room, null, 2)}\n`, { mode: 0o600 })
}

export function readRoom(dataDir: string): Room | null {
  try {
    return JSON.parse(readFileSync(path.join(classroomDir(dataDir), 'room.json'), 'utf8')) as Room
  } catch {
    return null
  }
}

/** A sheet's files: `sheet-<time>.html` and `.csv`. */
export const SHEET_NAME = /^sheet-\d{8}-\d{6}-\d{3}\.(html|csv)$/

export function writeSheetFiles(dataDir: string, stamp: string, html: string, csv: string): { html: string; csv: string } {
  const dir = ensureDir(dataDir)
  const names = { html: `sheet-${stamp}.html`, csv: `sheet-${stamp}.csv` }
  writeFileSync(path.join(dir, names.html), html, { mode: 0o600 })
  writeFileSync(path.join(dir, names.csv), csv, { mode: 0o600 })
  return names
}

/** The sheets written so far, newest first (html names). */
export function listSheets(dataDir: string): string[] {
  try {
    return readdirSync(classroomDir(dataDir))
      .filter((name) => SHEET_NAME.test(name) && name.endsWith('.html'))
      .sort()
      .reverse()
  } catch {
    return []
  }
}

export function readSheetFile(dataDir: string, name: string): Buffer | null {
  if (!SHEET_NAME.test(name)) return null
  try {
    return readFileSync(path.join(classroomDir(dataDir), name))
  } catch {
    return null
  }
}

/** The room's address as an SVG QR code (for pages) and as terminal art (for the command line). */
export const qrSvg = (url: string) => QRCode.toString(url, { type: 'svg', margin: 1, errorCorrectionLevel: 'M' })
export const qrTerminal = (url: string) => QRCode.toString(url, { type: 'terminal', small: true })
