import { readdir, readFile, stat, writeFile } from 'node:fs/promises'
import path from 'node:path'
import { promisify } from 'node:util'
import { brotliCompress, constants, gzip } from 'node:zlib'
import type { Plugin } from 'vite'

/**
 * Writes a brotli (`.br`, quality 11) and a gzip (`.gz`, level 9) copy beside every text file of the build,
 * once, at the highest levels: the server sends the copy the browser accepts (server/http/precompressed.ts),
 * and so can nginx (`gzip_static`, docs/deployment.md). A copy that would not be smaller is not written.
 */
const TEXT_FILE = /\.(?:html|js|mjs|css|svg|json|txt|xml|webmanifest)$/i
/** Below this the headers and the round trip cost more than the bytes saved. */
const MIN_BYTES = 512

const brotli = promisify(brotliCompress)
const gz = promisify(gzip)

async function filesUnder(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { withFileTypes: true, recursive: true })
  return entries.filter((e) => e.isFile()).map((e) => path.join(e.parentPath, e.name))
}

/** Compress one file; the number of copies written. */
async function precompressFile(file: string): Promise<number> {
  const data = await readFile(file)
  if (data.length < MIN_BYTES) return 0
  const [br, gzipped] = await Promise.all([
    brotli(data, { params: { [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY, [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT, [constants.BROTLI_PARAM_SIZE_HINT]: data.length } }),
    gz(data, { level: constants.Z_BEST_COMPRESSION }),
  ])
  let written = 0
  for (const [suffix, copy] of [['.br', br], ['.gz', gzipped]] as const) {
    if (copy.length >= data.length) continue
    await writeFile(file + suffix, copy)
    written++
  }
  return written
}

/** Pre-compress every text file under `dir` (already compressed copies are skipped); the copies written. */
export async function precompressDir(dir: string): Promise<number> {
  const files = (await filesUnder(dir)).filter((f) => TEXT_FILE.test(f))
  let written = 0
  for (const file of files) if ((await stat(file)).isFile()) written += await precompressFile(file)
  return written
}

export function precompress(outDir: string): Plugin {
  return {
    name: 'shiliu-precompress',
    apply: 'build',
    async closeBundle() {
      const written = await precompressDir(outDir)
      console.log(`pre-compressed: ${written} .br/.gz copies beside the text files of ${path.relative(process.cwd(), outDir)}`)
    },
  }
}
