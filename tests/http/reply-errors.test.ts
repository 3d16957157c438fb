import http from 'node:http'
import type { AddressInfo } from 'node:net'
import { Readable, Writable } from 'node:stream'
import Koa from 'koa'
import pino from 'pino'
import { afterEach, describe, expect, it } from 'vitest'
import { isClientGone, replyErrorLogger } from '../../server/http/errors'

/*
 * Failures after a reply began (Koa's 'error' event), through a real Koa app over real HTTP: a client that
 * leaves mid-reply is a debug line, another failure an error line with the request's id, each logged once.
 */

type LogLine = { level: number; msg: string; reqId?: string; err?: { code?: string; message?: string } }

function memoryLogger() {
  const lines: LogLine[] = []
  const sink = new Writable({
    write(chunk: Buffer, _encoding, done) {
      for (const text of chunk.toString().split('\n').filter(Boolean)) lines.push(JSON.parse(text) as LogLine)
      done()
    },
  })
  return { logger: pino({ level: 'debug' }, sink), lines }
}

let server: http.Server | undefined
afterEach(async () => {
  await new Promise((resolve) => server?.close(resolve) ?? resolve(undefined))
  server = undefined
})

/** A server whose GET / streams `body`, with the logger under test on Koa's 'error' event. */
async function serve(body: () => Readable, logger: pino.Logger): Promise<number> {
  const app = new Koa()
  app.on('error', replyErrorLogger(logger))
  app.use(async (ctx) => {
    ctx.state.requestId = 'req-under-test'
    ctx.type = 'text/plain'
    ctx.body = body()
  })
  server = app.listen(0, '127.0.0.1')
  await new Promise((resolve) => server!.once('listening', resolve))
  return (server!.address() as AddressInfo).port
}

/** Waits until `check` holds (the server logs after the socket events that follow the client's side). */
async function eventually(check: () => boolean, ms = 5000): Promise<void> {
  const until = Date.now() + ms
  while (!check()) {
    if (Date.now() > until) throw new Error('condition not met in time')
    await new Promise((resolve) => setTimeout(resolve, 10))
  }
}

/** GET / on `port`; the client drops the connection as soon as the first bytes of the body arrive. */
function readFirstChunkThenLeave(port: number): Promise<void> {
  return new Promise((resolve, reject) => {
    const request = http.get({ host: '127.0.0.1', port, path: '/' }, (response) => {
      response.once('data', () => {
        request.destroy()
        resolve()
      })
    })
    request.on('error', (err) => (isClientGone(err) ? undefined : reject(err)))
  })
}

/** A body that sends one chunk and then waits forever (a long download or a slow stream). */
const endlessBody = () => {
  const body = new Readable({ read() {} })
  body.push('first chunk\n')
  return body
}

describe('errors after a reply began', () => {
  it('a client that leaves mid-reply is one debug line, not an error', async () => {
    const { logger, lines } = memoryLogger()
    const port = await serve(endlessBody, logger)
    await readFirstChunkThenLeave(port)
    await eventually(() => lines.length > 0)
    // Koa reports the failed pipeline twice (pipeline callback, on-finished): give the second report its turn.
    await new Promise((resolve) => setTimeout(resolve, 100))
    expect(lines).toHaveLength(1)
    expect(lines[0]).toMatchObject({ level: 20, msg: 'client left before the reply ended', reqId: 'req-under-test' })
    expect(isClientGone(lines[0]!.err)).toBe(true)
  })

  it('any other failure of a reply under way is one error line with the request id', async () => {
    const { logger, lines } = memoryLogger()
    const port = await serve(() => {
      const body = endlessBody()
      // The source fails after the headers and the first chunk went out (a file read error, say).
      setTimeout(() => body.destroy(new Error('disk read failed')), 50)
      return body
    }, logger)
    const received = await new Promise<string>((resolve) => {
      http.get({ host: '127.0.0.1', port, path: '/' }, (response) => {
        let text = ''
        response.on('data', (chunk: Buffer) => (text += chunk.toString()))
        response.on('error', () => resolve(text))
        response.on('close', () => resolve(text))
      })
    })
    expect(received).toBe('first chunk\n')
    await eventually(() => lines.length > 0)
    await new Promise((resolve) => setTimeout(resolve, 100))
    expect(lines).toHaveLength(1)
    expect(lines[0]).toMatchObject({ level: 50, msg: 'reply failed after it began', reqId: 'req-under-test' })
    expect(lines[0]!.err?.message).toBe('disk read failed')
  })

  it('tells a departed client from other failures by the error code', () => {
    for (const code of ['ERR_STREAM_PREMATURE_CLOSE', 'ECONNRESET', 'EPIPE', 'ECONNABORTED', 'ERR_STREAM_DESTROYED'])
      expect(isClientGone(Object.assign(new Error(code), { code }))).toBe(true)
    expect(isClientGone(new Error('disk read failed'))).toBe(false)
    expect(isClientGone(Object.assign(new Error('no space'), { code: 'ENOSPC' }))).toBe(false)
    expect(isClientGone(null)).toBe(false)
  })
})
