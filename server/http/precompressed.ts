import { stat } from 'node:fs/promises'
import path from 'node:path'
import type { Context } from 'koa'

/**
 * The renderer build writes a brotli (`.br`) and a gzip (`.gz`) copy beside each text file
 * (scripts/vite/precompress.ts). This picks the copy the client accepts, brotli first, so a file is
 * compressed once at build time at the highest level instead of on every request.
 */
export interface Variant {
  /** The file to send (relative to the root, like the request path). */
  file: string
  /** Its Content-Encoding, or null for the file as it is. */
  encoding: 'br' | 'gzip' | null
}

const SUFFIX = { br: '.br', gzip: '.gz' } as const

async function isFile(p: string): Promise<boolean> {
  try {
    return (await stat(p)).isFile()
  } catch {
    return false
  }
}

/**
 * The variant of `file` under `root` to send. Only plain requests get one: a range request asks for bytes
 * of the file as it is, and `send` refuses traversal in `file` itself (a `..` never reaches the disk here,
 * because the joined path must stay under `root`).
 */
export async function chooseVariant(ctx: Context, root: string, file: string): Promise<Variant> {
  const plain: Variant = { file, encoding: null }
  if (ctx.get('Range')) return plain
  const full = path.join(root, file)
  if (!full.startsWith(root + path.sep)) return plain
  for (const encoding of ['br', 'gzip'] as const) {
    // Koa's acceptsEncodings honours q-values (`br;q=0` refuses brotli) and never offers what was not asked.
    if (ctx.acceptsEncodings(encoding, 'identity') !== encoding) continue
    if (await isFile(full + SUFFIX[encoding])) return { file: file + SUFFIX[encoding], encoding }
  }
  return plain
}

