import { gzipSync } from 'node:zlib'
import type { Plugin, Rollup } from 'vite'

/**
 * What each page of the renderer build makes a browser download before it can run: the entry's JS with every
 * chunk it imports statically, and the CSS those chunks bring (lazy chunks, loaded by `import()` on a route
 * or only in the desktop app, are not counted). Printed after `vite build`, raw and gzip; an entry over its
 * gzip budget fails the build, so a change that bloats the first screen is noticed where it is made.
 */
export interface EntrySize {
  name: string
  js: { raw: number; gzip: number; files: number }
  css: { raw: number; gzip: number; files: number }
}

type Bundle = Rollup.OutputBundle
type Chunk = Rollup.OutputChunk

const sizeOf = (source: string | Uint8Array) => {
  const buffer = typeof source === 'string' ? Buffer.from(source) : Buffer.from(source)
  return { raw: buffer.length, gzip: gzipSync(buffer, { level: 9 }).length }
}

/** The entry chunk and every chunk it reaches through static imports. */
function staticClosure(bundle: Bundle, entry: Chunk): Chunk[] {
  const seen = new Map<string, Chunk>()
  const stack = [entry.fileName]
  while (stack.length) {
    const name = stack.pop()!
    const chunk = bundle[name]
    if (seen.has(name) || chunk?.type !== 'chunk') continue
    seen.set(name, chunk)
    stack.push(...chunk.imports)
  }
  return [...seen.values()]
}

export function entrySizes(bundle: Bundle): EntrySize[] {
  const entries = Object.values(bundle).filter((c): c is Chunk => c.type === 'chunk' && c.isEntry)
  return entries.map((entry) => {
    const chunks = staticClosure(bundle, entry)
    const css = new Set(chunks.flatMap((c) => [...(c.viteMetadata?.importedCss ?? [])]))
    const js = { raw: 0, gzip: 0, files: chunks.length }
    for (const c of chunks) {
      const s = sizeOf(c.code)
      js.raw += s.raw
      js.gzip += s.gzip
    }
    const styles = { raw: 0, gzip: 0, files: css.size }
    for (const name of css) {
      const asset = bundle[name]
      if (asset?.type !== 'asset') continue
      const s = sizeOf(asset.source)
      styles.raw += s.raw
      styles.gzip += s.gzip
    }
    return { name: entry.name, js, css: styles }
  })
}

const kB = (n: number) => `${(n / 1000).toFixed(1)} kB`

export function formatSizes(sizes: EntrySize[], budgets: Record<string, number>): string {
  const lines = ['first load per page (entry + static imports):', '  page      JS raw / gzip            CSS raw / gzip          total gzip  budget']
  for (const s of [...sizes].sort((a, b) => a.name.localeCompare(b.name))) {
    const total = s.js.gzip + s.css.gzip
    const budget = budgets[s.name]
    lines.push(
      `  ${s.name.padEnd(9)} ${`${kB(s.js.raw)} / ${kB(s.js.gzip)}`.padEnd(24)} ${`${kB(s.css.raw)} / ${kB(s.css.gzip)}`.padEnd(23)} ${kB(total).padStart(10)}  ${budget ? `${kB(budget)}${total > budget ? '  OVER' : ''}` : '-'}`,
    )
  }
  return lines.join('\n')
}

/** `budgets`: gzip bytes (JS + CSS) an entry's first load may weigh. */
export function bundleReport(budgets: Record<string, number>): Plugin {
  let report = ''
  let over: string[] = []
  return {
    name: 'shiliu-bundle-report',
    apply: 'build',
    generateBundle(_options, bundle) {
      const sizes = entrySizes(bundle)
      report = formatSizes(sizes, budgets)
      over = sizes.filter((s) => budgets[s.name] !== undefined && s.js.gzip + s.css.gzip > budgets[s.name]!).map((s) => s.name)
    },
    closeBundle() {
      console.log(report)
      if (over.length) throw new Error(`first load over budget: ${over.join(', ')} (see the table above; split what the first screen does not run)`)
    },
  }
}
