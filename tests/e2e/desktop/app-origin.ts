import http from 'node:http'
import { createAppProtocolHandler } from '../../../electron/main/protocol'
import { buildContentSecurityPolicy } from '../../../electron/main/security'

export const apiPort = Number(process.env.E2E_PORT ?? 4173)
export const API = `http://127.0.0.1:${apiPort}`
export const rendererPort = Number(process.env.E2E_RENDERER_PORT ?? apiPort + 10)
/** The second origin standing in for app://shiliu. */
export const APP = `http://127.0.0.1:${rendererPort}`

/**
 * Serves dist/renderer on APP through the desktop app's own app:// handler (same routes, same CSP as in
 * Electron), so the renderer runs on another origin than the API, as in the desktop app.
 */
export async function serveRendererAsTheApp(): Promise<() => Promise<void>> {
  const handler = createAppProtocolHandler({ rootDir: 'dist/renderer', contentSecurityPolicy: buildContentSecurityPolicy(API), log: { warn: () => undefined } })
  const server = http.createServer(async (req, res) => {
    const reply = await handler(new Request(`app://shiliu${req.url ?? '/'}`, { method: req.method }))
    res.writeHead(reply.status, Object.fromEntries(reply.headers))
    res.end(Buffer.from(await reply.arrayBuffer()))
  })
  await new Promise<void>((resolve) => server.listen(rendererPort, '127.0.0.1', resolve))
  return () => new Promise((resolve) => server.close(() => resolve()))
}
