import { randomBytes } from 'node:crypto'
import { mkdirSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs'
import path from 'node:path'
import nodemailer, { type Transporter } from 'nodemailer'
import type { MailConfig } from '../config'
import type { AppDeps } from '../deps'

/**
 * Sending email (issue 20) through nodemailer: SMTP_URL is handed to it as is (smtp:// or smtps://, with the
 * account in the URL). `SMTP_URL=outbox` renders each message with nodemailer's stream transport and writes it
 * to DATA_DIR/outbox/ as an .eml file instead, for offline demos and tests; the back-office shows that folder.
 * Messages are plain text, no HTML, no tracking.
 */

export interface MailMessage {
  to: string
  subject: string
  text: string
}

export interface Mailer {
  send(message: MailMessage): Promise<void>
}

export const outboxDir = (dataDir: string): string => path.join(dataDir, 'outbox')

const mailers = new WeakMap<AppDeps, Mailer>()

function smtpMailer(config: MailConfig): Mailer {
  const transport: Transporter = nodemailer.createTransport(config.smtpUrl)
  return {
    async send(message) {
      await transport.sendMail({ from: config.from, ...message })
    },
  }
}

function outboxMailer(config: MailConfig, dataDir: string): Mailer {
  const transport = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' })
  const dir = outboxDir(dataDir)
  return {
    async send(message) {
      const info = await transport.sendMail({ from: config.from, ...message })
      mkdirSync(dir, { recursive: true, mode: 0o700 })
      // Sortable by time; the random part keeps two messages of one millisecond apart.
      const name = `${new Date().toISOString().replace(/[:.]/g, '-')}-${randomBytes(4).toString('hex')}.eml`
      writeFileSync(path.join(dir, name), info.message as Buffer, { mode: 0o600 })
    },
  }
}

/** The mailer of this app instance, or null when email is off (no SMTP_URL). */
export function mailerOf(deps: AppDeps): Mailer | null {
  const config = deps.config.mail
  if (!config) return null
  let mailer = mailers.get(deps)
  if (!mailer) {
    mailer = config.smtpUrl === 'outbox' ? outboxMailer(config, deps.config.dataDir) : smtpMailer(config)
    mailers.set(deps, mailer)
  }
  return mailer
}

export interface OutboxEntry {
  /** The file name again, as the back-office table's row id. */
  id: string
  name: string
  created_at: string
  to: string
  subject: string
  text: string
}

/** Decode a header line's RFC 2047 encoded words (nodemailer writes =?UTF-8?B?...?= and =?UTF-8?Q?...?=). */
function decodeHeader(value: string): string {
  return value.replace(/=\?utf-8\?([bq])\?([^?]*)\?=\s*/gi, (_, enc: string, text: string) =>
    enc.toLowerCase() === 'b'
      ? Buffer.from(text, 'base64').toString('utf8')
      : Buffer.from(text.replace(/_/g, ' ').replace(/=([0-9a-f]{2})/gi, (_m, h: string) => String.fromCharCode(parseInt(h, 16))), 'latin1').toString('utf8'),
  )
}

function decodeBody(body: string, encoding: string): string {
  if (encoding === 'base64') return Buffer.from(body.replace(/\s+/g, ''), 'base64').toString('utf8')
  if (encoding === 'quoted-printable') {
    const bytes = body.replace(/=\r?\n/g, '').replace(/=([0-9A-F]{2})/gi, (_m, h: string) => String.fromCharCode(parseInt(h, 16)))
    return Buffer.from(bytes, 'latin1').toString('utf8')
  }
  return body
}

/** Read one stored message (a single plain-text part, as outboxMailer writes them). */
export function parseMessage(raw: string): { to: string; subject: string; text: string } {
  const split = raw.search(/\r?\n\r?\n/)
  const head = raw.slice(0, split).replace(/\r?\n[ \t]+/g, ' ')
  const body = raw.slice(split).replace(/^\r?\n\r?\n/, '')
  const header = (name: string) => head.match(new RegExp(`^${name}:\\s*(.*)$`, 'im'))?.[1]?.trim() ?? ''
  return {
    to: decodeHeader(header('To')),
    subject: decodeHeader(header('Subject')),
    text: decodeBody(body, header('Content-Transfer-Encoding').toLowerCase()).trim(),
  }
}

/** The outbox's messages, newest first (at most `limit`). */
export function readOutbox(dataDir: string, limit = 200): OutboxEntry[] {
  const dir = outboxDir(dataDir)
  let names: string[]
  try {
    names = readdirSync(dir).filter((n) => n.endsWith('.eml'))
  } catch {
    return []
  }
  return names
    .sort()
    .reverse()
    .slice(0, limit)
    .map((name) => {
      const file = path.join(dir, name)
      return { id: name, name, created_at: statSync(file).mtime.toISOString(), ...parseMessage(readFileSync(file, 'utf8')) }
    })
}
