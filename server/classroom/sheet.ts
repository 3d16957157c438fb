import type { DataSource } from 'typeorm'
import { readRoom, qrSvg, writeSheetFiles } from './room'
import { createStudents, type StudentAccount } from './students'

/*
 * The printable sheet of class accounts (issue 43): an HTML page laid out for A4 (cut along the dashed lines,
 * one card per student) and a CSV of the same accounts (UTF-8 with BOM, so spreadsheet programs read the
 * Chinese). Both go to DATA_DIR/classroom/ for the teacher only (room.ts, pages.ts).
 */

const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`)
const escapeCsv = (s: string) => (/[",\n\r]/.test(s) ? `"${s.replace(/"/g, '""')}"` : s)

export function sheetCsv(accounts: StudentAccount[]): string {
  const lines = ['user_id,nickname,password', ...accounts.map((a) => [a.user_id, a.nickname, a.password].map(escapeCsv).join(','))]
  return `\uFEFF${lines.join('\r\n')}\r\n`
}

export async function sheetHtml(accounts: StudentAccount[], url: string | null, createdAt: Date): Promise<string> {
  const qr = url ? await qrSvg(url) : ''
  const cards = accounts
    .map(
      (a) => `<div class="card">${qr ? `<div class="qr">${qr}</div>` : ''}<div class="text"><div class="url">${escapeHtml(url ?? '')}</div>
<div>石榴号 <b>${escapeHtml(a.user_id)}</b></div><div>密码 <b class="pw">${escapeHtml(a.password)}</b></div><div class="nick">${escapeHtml(a.nickname)}</div></div></div>`,
    )
    .join('\n')
  return `<!doctype html>
<html lang="zh-CN"><head><meta charset="utf-8"><meta name="robots" content="noindex">
<title>石榴课堂账号 ${escapeHtml(createdAt.toISOString().slice(0, 16).replace('T', ' '))}</title>
<style>
@page { size: A4; margin: 10mm; }
body { font-family: "Noto Sans CJK SC", "PingFang SC", "Microsoft YaHei", sans-serif; margin: 0; color: #111; }
h1 { font-size: 14pt; margin: 0 0 4mm; }
.grid { display: grid; grid-template-columns: repeat(3, 1fr); gap: 0; }
.card { display: flex; gap: 3mm; align-items: center; border: 1px dashed #888; padding: 3mm; height: 30mm; box-sizing: border-box; break-inside: avoid; page-break-inside: avoid; }
.qr svg { width: 22mm; height: 22mm; display: block; }
.text { font-size: 10pt; line-height: 1.5; overflow: hidden; }
.url { font-size: 7pt; color: #555; word-break: break-all; }
.pw { font-family: "DejaVu Sans Mono", Menlo, Consolas, monospace; font-size: 12pt; letter-spacing: 0.5pt; }
.nick { font-size: 8pt; color: #555; }
@media screen { body { max-width: 190mm; margin: 10mm auto; } }
</style></head><body>
<h1>石榴课堂账号（${accounts.length} 个）：用手机扫码打开，输入石榴号和密码登录</h1>
<div class="grid">
${cards}
</div></body></html>
`
}

const stampOf = (d: Date) => d.toISOString().replace(/[-:]/g, '').replace('T', '-').replace('.', '-').slice(0, 19)

export interface CreatedSheet {
  accounts: StudentAccount[]
  sheet: string
  csv: string
}

/** Create the accounts and write their sheet and CSV (the one way both the command and the back-office do it). */
export async function createClassAccounts(db: DataSource, dataDir: string, count: number, now = new Date()): Promise<CreatedSheet> {
  const accounts = await createStudents(db, count)
  const html = await sheetHtml(accounts, readRoom(dataDir)?.url ?? null, now)
  const names = writeSheetFiles(dataDir, stampOf(now), html, sheetCsv(accounts))
  return { accounts, sheet: names.html, csv: names.csv }
}
