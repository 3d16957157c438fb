import type { Context, Middleware, Next } from 'koa'
import type { AppDeps } from '../deps'
import { DEMO_ADMIN_USERNAME } from '../contract/demo-passwords'
import { createReadStream, existsSync } from 'node:fs'
import path from 'node:path'
import { ACTIVITY_NAME, exportsDir, listActivityExports } from './activity'
import { listSheets, qrSvg, readSheetFile } from './room'
import { sameSecret } from './rules'

/*
 * The teacher's pages in classroom mode (issue 43): GET /classroom/<key>/ (the address with its QR code and the
 * class code, printable, with the sheets of class accounts) and /classroom/<key>/<sheet file>. The key is a
 * random secret the demo script prints in the teacher's terminal only (SHILIU_CLASSROOM_KEY); the back-office
 * shows the link to a signed-in administrator (GET /api/admin/classroom). Without classroom mode, or with a
 * wrong key, the path is not there (404).
 */

const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`)

/** Inline styles and the QR code's SVG only; nothing else loads, nothing may frame it. */
const PAGE_CSP = "default-src 'none'; style-src 'unsafe-inline'; img-src data:; base-uri 'none'; form-action 'none'; frame-ancestors 'none'"

/** Where this reply's connection arrived: the address students open (the server listens on the room's one). */
export function roomUrl(ctx: Context): string {
  const socket = ctx.req.socket
  const address = (socket.localAddress ?? '127.0.0.1').replace(/^::ffff:/, '')
  return `http://${address.includes(':') ? `[${address}]` : address}:${socket.localPort}`
}

async function teacherPage(deps: AppDeps, url: string, base: string): Promise<string> {
  const room = deps.config.classroom!
  const sheets = listSheets(deps.config.dataDir)
  const sheetLinks = sheets.length
    ? sheets.map((name) => `<li><a href="${base}${name}">${name}</a> · <a href="${base}${name.replace(/\.html$/, '.csv')}">CSV</a></li>`).join('')
    : '<li>还没有创建班级账号：后台「课堂」页或 <code>npm run classroom -- --students 40</code></li>'
  const exports = listActivityExports(deps.config.dataDir)
  const exportLinks = exports.length ? exports.map((name) => `<li><a href="${base}${name}">${name}</a></li>`).join('') : '<li>还没有导出</li>'
  return `<!doctype html>
<html lang="zh-CN"><head><meta charset="utf-8"><meta name="robots" content="noindex"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>石榴课堂 · 教师页</title>
<style>
@page { size: A4; margin: 15mm; }
body { font-family: "Noto Sans CJK SC", "PingFang SC", "Microsoft YaHei", sans-serif; max-width: 180mm; margin: 10mm auto; color: #111; text-align: center; }
.qr svg { width: 110mm; height: 110mm; }
.url { font-size: 22pt; font-weight: bold; word-break: break-all; }
.code { font-size: 40pt; letter-spacing: 6pt; font-family: "DejaVu Sans Mono", Menlo, Consolas, monospace; }
.teacher { text-align: left; border-top: 1px solid #ccc; margin-top: 10mm; padding-top: 4mm; font-size: 10pt; }
@media print { .teacher { display: none; } }
</style></head><body>
<h1>扫码加入石榴课堂</h1>
<div class="qr">${await qrSvg(url)}</div>
<p class="url" id="room-url">${escapeHtml(url)}</p>
<p>注册时填写课堂码</p>
<p class="code" id="class-code">${escapeHtml(room.code)}</p>
<div class="teacher">
<p>仅教师可见（打印时不出现）。后台：<a href="/admin">${escapeHtml(url)}/admin</a>，管理员 <b>${DEMO_ADMIN_USERNAME}</b>，密码只显示在启动演示的终端里。</p>
<p>班级账号表：</p><ul>${sheetLinks}</ul>
<p>本节课的学生动态（zip，重置前自动导出）：</p><ul>${exportLinks}</ul>
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
      ctx.type = 'text/html; charset=utf-8'
      ctx.body = await teacherPage(deps, roomUrl(ctx), base)
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
