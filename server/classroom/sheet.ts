import type { DataSource } from 'typeorm'
import { escapeHtml, htmlText } from '../i18n/html'
import { DEFAULT_LOCALE, type Locale } from '../i18n/locales'
import { msg } from '../i18n/message'
import { readRoom, qrSvg, writeSheetFiles } from './room'
import { createStudents, type StudentAccount } from './students'

/*
 * The printable sheet of class accounts (issue 43): an HTML page laid out for A4 (cut along the dashed lines,
 * one card per student) and a CSV of the same accounts (UTF-8 with BOM, so spreadsheet programs read the
 * Chinese). Both go to DATA_DIR/classroom/ for the teacher only (room.ts, http/classroom-pages.ts). The sheet is written once,
 * in the language of whoever made it (the back-office's request; the command line: Chinese), since it is a file.
 */
const escapeCsv = (s: string) => (/[",\n\r]/.test(s) ? `"${s.replace(/"/g, '""')}"` : s)

export function sheetCsv(accounts: StudentAccount[]): string {
  const lines = ['user_id,nickname,password', ...accounts.map((a) => [a.user_id, a.nickname, a.password].map(escapeCsv).join(','))]
  return `\uFEFF${lines.join('\r\n')}\r\n`
}

/** The sheet's labels (catalogue ids), kept out of the HTML template so the catalogue check reads them. */
const SHEET = { userId: '石榴号', password: '密码' } as const

export async function sheetHtml(accounts: StudentAccount[], url: string | null, createdAt: Date, locale: Locale = DEFAULT_LOCALE): Promise<string> {
  const t = (text: Parameters<typeof htmlText>[0]) => htmlText(text, locale)
  const qr = url ? await qrSvg(url) : ''
  const title = t(msg('石榴课堂账号 {time}', { time: createdAt.toISOString().slice(0, 16).replace('T', ' ') }))
  const heading = t(msg('石榴课堂账号（{count} 个）：用手机扫码打开，输入石榴号和密码登录', { count: accounts.length }))
  const cards = accounts
    .map(
      (a) => `<div class="card">${qr ? `<div class="qr">${qr}</div>` : ''}<div class="text"><div class="url">${escapeHtml(url ?? '')}</div>
<div>${t(SHEET.userId)} <b>${escapeHtml(a.user_id)}</b></div><div>${t(SHEET.password)} <b class="pw">${escapeHtml(a.password)}</b></div><div class="nick">${escapeHtml(a.nickname)}</div></div></div>`,
    )
    .join('\n')
  return `<!doctype html>
<html lang="${locale}"><head><meta charset="utf-8"><meta name="robots" content="noindex">
<title>${title}</title>
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
<h1>${heading}</h1>
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

/**
 * Create the accounts and write their sheet and CSV (the one way both the command and the back-office do it);
 * the sheet in `locale` (the back-office's request language; Chinese from the command line).
 */
export async function createClassAccounts(db: DataSource, dataDir: string, count: number, options: { now?: Date; locale?: Locale } = {}): Promise<CreatedSheet> {
  const now = options.now ?? new Date()
  const accounts = await createStudents(db, count)
  const html = await sheetHtml(accounts, readRoom(dataDir)?.url ?? null, now, options.locale)
  const names = writeSheetFiles(dataDir, stampOf(now), html, sheetCsv(accounts))
  return { accounts, sheet: names.html, csv: names.csv }
}
