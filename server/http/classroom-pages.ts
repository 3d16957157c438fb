import type { Context, Middleware, Next } from 'koa'
import type { AppDeps } from '../deps'
import { DEMO_ADMIN_USERNAME } from '../contract/demo-passwords'
import { createReadStream, existsSync } from 'node:fs'
import path from 'node:path'
import { escapeHtml, htmlText } from '../i18n/html'
import type { Locale } from '../i18n/locales'
import { msg } from '../i18n/message'
import { localeOf } from './locale'
import { ACTIVITY_NAME, exportsDir, listActivityExports } from '../classroom/activity'
import { listSheets, qrSvg, readSheetFile } from '../classroom/room'
import { sameSecret } from '../classroom/rules'

/*
 * The teacher's pages in classroom mode (issue 43): GET /classroom/<key>/ (the address with its QR code and the
 * class code, printable, with the sheets of class accounts) and /classroom/<key>/<sheet file>. The key is a
 * random secret the demo script prints in the teacher's terminal only (SHILIU_CLASSROOM_KEY); the back-office
 * shows the link to a signed-in administrator (GET /api/admin/classroom). Without classroom mode, or with a
 * wrong key, the path is not there (404). The page speaks the request's language (Accept-Language, issue 40).
 */

/** Inline styles and the QR code's SVG only; nothing else loads, nothing may frame it. */
const PAGE_CSP = "default-src 'none'; style-src 'unsafe-inline'; img-src data:; base-uri 'none'; form-action 'none'; frame-ancestors 'none'"

/** Where this reply's connection arrived: the address students open (the server listens on the room's one). */
export function roomUrl(ctx: Context): string {
  const socket = ctx.req.socket
  const address = (socket.localAddress ?? '127.0.0.1').replace(/^::ffff:/, '')
  return `http://${address.includes(':') ? `[${address}]` : address}:${socket.localPort}`
}

/** The page's texts (catalogue ids), kept out of the HTML template so the catalogue check reads them. */
const TEACHER_PAGE = {
  title: '石榴课堂 · 教师页',
  heading: '扫码加入石榴课堂',
  enterCode: '注册时填写课堂码',
  sheets: '班级账号表：',
  exports: '本节课的学生动态（zip，重置前自动导出）：',
  noExports: '还没有导出',
} as const

async function teacherPage(deps: AppDeps, url: string, base: string, locale: Locale): Promise<string> {
  const room = deps.config.classroom!
  const t = (text: Parameters<typeof htmlText>[0], markup?: Record<string, string>) => htmlText(text, locale, markup)
  const link = (name: string) => `<a href="${escapeHtml(base + name)}">${escapeHtml(name)}</a>`
  const noSheets = msg('还没有创建班级账号：后台「课堂」页或 {command}')
  const teacherOnly = msg('仅教师可见（打印时不出现）。后台：{admin}，管理员 {username}，密码只显示在启动演示的终端里。')
  const sheets = listSheets(deps.config.dataDir)
  const sheetLinks = sheets.length
    ? sheets.map((name) => `<li>${link(name)} · ${link(name.replace(/\.html$/, '.csv'))}</li>`).join('')
    : `<li>${t(noSheets, { command: '<code>npm run classroom -- --students 40</code>' })}</li>`
  const exports = listActivityExports(deps.config.dataDir)
  const exportLinks = exports.length ? exports.map((name) => `<li>${link(name)}</li>`).join('') : `<li>${t(TEACHER_PAGE.noExports)}</li>`
  const forTeacher = t(teacherOnly, { admin: `<a href="/admin">${escapeHtml(url)}/admin</a>`, username: `<b>${escapeHtml(DEMO_ADMIN_USERNAME)}</b>` })
  return `<!doctype html>
<html lang="${locale}"><head><meta charset="utf-8"><meta name="robots" content="noindex"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>${t(TEACHER_PAGE.title)}</title>
<style>
@page { size: A4; margin: 15mm; }
body { font-family: "Noto Sans CJK SC", "PingFang SC", "Microsoft YaHei", sans-serif; max-width: 180mm; margin: 10mm auto; color: #111; text-align: center; }
.qr svg { width: 110mm; height: 110mm; }
.url { font-size: 22pt; font-weight: bold; word-break: break-all; }
.code { font-size: 40pt; letter-spacing: 6pt; font-family: "DejaVu Sans Mono", Menlo, Consolas, monospace; }
.teacher { text-align: left; border-top: 1px solid #ccc; margin-top: 10mm; padding-top: 4mm; font-size: 10pt; }
@media print { .teacher { display: none; } }
</style></head><body>
<h1 id="heading">${t(TEACHER_PAGE.heading)}</h1>
<div class="qr">${await qrSvg(url)}</div>
<p class="url" id="room-url">${escapeHtml(url)}</p>
<p>${t(TEACHER_PAGE.enterCode)}</p>
<p class="code" id="class-code">${escapeHtml(room.code)}</p>
<div class="teacher">
<p>${forTeacher}</p>
<p>${t(TEACHER_PAGE.sheets)}</p><ul>${sheetLinks}</ul>
<p>${t(TEACHER_PAGE.exports)}</p><ul>${exportLinks}</ul>
</div>
</body></html>
`
}

export function classroomPages(deps: AppDeps): Middleware {
  return async (ctx: Context, next: Next) => {
    const room = deps.config.classroom
    if (!room || (ctx.method !== 'GET' && ctx.method !== 'HEAD')) return next()
    const match = /^\/classroom\/([^/]+)(?:\/([^/]*))?$/.exec(ctx.path)
    if (!match || !sameSecret(match[1]!, room.teacherKey)) return next()
    const base = `/classroom/${room.teacherKey}/`
    ctx.set({ 'Content-Security-Policy': PAGE_CSP, 'Cache-Control': 'no-store', 'Referrer-Policy': 'no-referrer', 'X-Robots-Tag': 'noindex' })
    const file = match[2] ?? ''
    if (file === '') {
      if (match[2] === undefined) return ctx.redirect(base)
      const locale = localeOf(ctx)
      ctx.type = 'text/html; charset=utf-8'
      ctx.set('Content-Language', locale)
      ctx.vary('Accept-Language')
      ctx.body = await teacherPage(deps, roomUrl(ctx), base, locale)
      return
    }
    if (ACTIVITY_NAME.test(file)) {
      const zip = path.join(exportsDir(deps.config.dataDir), file)
      if (!existsSync(zip)) return next()
      ctx.attachment(file)
      ctx.type = 'application/zip'
      ctx.body = createReadStream(zip)
      return
    }
    const content = readSheetFile(deps.config.dataDir, file)
    if (!content) return next()
    ctx.type = file.endsWith('.csv') ? 'text/csv; charset=utf-8' : 'text/html; charset=utf-8'
    if (file.endsWith('.csv')) ctx.attachment(file)
    ctx.body = content
  }
}
