import { SMTPServer } from 'smtp-server'
import { parseMessage } from '../../server/mail/transport'
import { freePort } from './ports'

export interface ReceivedMail {
  to: string
  subject: string
  text: string
  /** The first 6-digit number of the text: the code of a code mail. */
  code: string | null
}

export interface Mailbox {
  /** SMTP_URL for the server under test. */
  url: string
  messages: ReceivedMail[]
  /** The next message to `to` not yet taken (waits up to `ms`). */
  next(to: string, ms?: number): Promise<ReceivedMail>
  /** Messages to `to` not yet taken, now. */
  pending(to: string): ReceivedMail[]
  close(): Promise<void>
}

/**
 * A real SMTP server on 127.0.0.1 (the smtp-server package) that keeps every message it receives; tests read
 * the codes from the messages as a member would. No TLS and no login: the server under test connects with a
 * plain smtp:// URL.
 */
export async function startMailbox(): Promise<Mailbox> {
  const port = await freePort()
  const messages: ReceivedMail[] = []
  const taken = new Set<ReceivedMail>()
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onData(stream, _session, callback) {
      const chunks: Buffer[] = []
      stream.on('data', (c: Buffer) => chunks.push(c))
      stream.on('end', () => {
        const parsed = parseMessage(Buffer.concat(chunks).toString('utf8'))
        messages.push({ ...parsed, to: parsed.to.toLowerCase(), code: parsed.text.match(/\b\d{6}\b/)?.[0] ?? null })
        callback()
      })
    },
  })
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject)
    server.listen(port, '127.0.0.1', () => resolve())
  })
  const pending = (to: string) => messages.filter((m) => !taken.has(m) && m.to.includes(to.toLowerCase()))
  return {
    url: `smtp://127.0.0.1:${port}`,
    messages,
    pending,
    async next(to, ms = 10_000) {
      const until = Date.now() + ms
      for (;;) {
        const found = pending(to)[0]
        if (found) {
          taken.add(found)
          return found
        }
        if (Date.now() > until) throw new Error(`no mail to ${to} within ${ms} ms (received: ${messages.map((m) => m.to).join(', ') || 'none'})`)
        await new Promise((r) => setTimeout(r, 25))
      }
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  }
}
