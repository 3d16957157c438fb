// ESLint rules for the house's floors (docs/architecture.md): an import never climbs a floor, and modules
// never import each other round in a loop. Only relative imports are checked: they are our own code.
import { existsSync, readFileSync, statSync } from 'node:fs'
import path from 'node:path'

const root = path.resolve(import.meta.dirname, '../..')

/**
 * The server's floors, lowest first. A module may import from its own floor or any lower one. A path
 * is placed by its longest matching prefix (a folder, or a single file of server/).
 */
const SERVER_FLOORS = [
  ['server/contract', 'server/errors.ts', 'server/config.ts', 'server/deps.ts', 'server/logger.ts', 'server/version.ts', 'server/security', 'server/telemetry', 'server/cluster'],
  ['server/db'],
  ['server/auth', 'server/media', 'server/presenters', 'server/search', 'server/captcha', 'server/events', 'server/mail'],
  ['server/domain', 'server/backup', 'server/classroom'],
  ['server/http', 'server/admin', 'server/openapi'],
  ['server/app.ts', 'server/main.ts', 'server/seed'],
  ['server/cli'],
]

/** The renderers: common below both apps; the apps never import each other; the server only through its contract. */
const RENDERER_FLOORS = [['server/contract'], ['renderer/common'], ['renderer/member', 'renderer/admin']]

function placeIn(floors, rel) {
  let best = null
  floors.forEach((names, floor) => {
    for (const name of names) {
      if (rel === name || rel.startsWith(name + '/')) {
        if (!best || name.length > best.name.length) best = { floor, name }
      }
    }
  })
  return best
}

const EXTENSIONS = ['.ts', '.tsx', '.js', '.mjs', '/index.ts', '/index.tsx']

function resolveFile(fromFile, spec) {
  const base = path.resolve(path.dirname(fromFile), spec)
  if (existsSync(base) && statSync(base).isFile()) return base
  for (const ext of EXTENSIONS) if (existsSync(base + ext)) return base + ext
  return null
}

const rel = (file) => path.relative(root, file).split(path.sep).join('/')

/** The group a file belongs to for the floors rule, or null when it is checked by neither table. */
function group(relPath) {
  if (relPath.startsWith('renderer/')) return RENDERER_FLOORS
  if (relPath.startsWith('server/')) return SERVER_FLOORS
  return null
}

function sources(node) {
  if (node.type === 'ImportExpression') return node.source.type === 'Literal' ? [node.source.value] : []
  return node.source ? [node.source.value] : []
}

const floors = {
  meta: { type: 'problem', docs: { description: 'an import never climbs a floor (docs/architecture.md)' }, schema: [] },
  create(context) {
    const file = context.filename
    const me = rel(file)
    const table = group(me)
    if (!table) return {}
    const mine = placeIn(table, me)
    function check(node) {
      for (const spec of sources(node)) {
        if (typeof spec !== 'string' || !spec.startsWith('.')) continue
        const target = resolveFile(file, spec)
        if (!target) continue
        const theirs = rel(target)
        const placed = placeIn(table, theirs)
        if (table === RENDERER_FLOORS && theirs.startsWith('server/') && !placed) {
          context.report({ node, message: `${me} imports ${theirs}: the renderers use the server only through server/contract` })
          continue
        }
        if (!mine || !placed) continue
        const sameApp = placed.name === mine.name
        const climbs = placed.floor > mine.floor || (table === RENDERER_FLOORS && placed.floor === mine.floor && !sameApp)
        if (climbs) context.report({ node, message: `${me} (floor ${mine.name}) imports ${theirs} (floor ${placed.name}): an import never climbs a floor` })
      }
    }
    return { ImportDeclaration: check, ExportNamedDeclaration: check, ExportAllDeclaration: check, ImportExpression: check }
  },
}

/** Relative imports of a file (value and type imports alike), resolved; cached per lint run. */
const importsCache = new Map()
const IMPORT_RE = /(?:^|\n)\s*(?:import|export)\s[^'"]*?from\s+['"](\.[^'"]+)['"]|import\(\s*['"](\.[^'"]+)['"]\s*\)/g
function importsOf(file) {
  let list = importsCache.get(file)
  if (list) return list
  list = []
  let text = ''
  try {
    text = readFileSync(file, 'utf8')
  } catch {
    /* unreadable: no edges */
  }
  for (const m of text.matchAll(IMPORT_RE)) {
    const target = resolveFile(file, m[1] ?? m[2])
    if (target) list.push(target)
  }
  importsCache.set(file, list)
  return list
}

/** Does `from` reach `to` through relative imports? (depth-first, visited set) */
function reaches(from, to) {
  const seen = new Set()
  const stack = [from]
  while (stack.length) {
    const f = stack.pop()
    if (f === to) return true
    if (seen.has(f)) continue
    seen.add(f)
    stack.push(...importsOf(f))
  }
  return false
}

const noLoops = {
  meta: { type: 'problem', docs: { description: 'modules never import each other round in a loop' }, schema: [] },
  create(context) {
    const file = context.filename
    const me = rel(file)
    if (!me.startsWith('server/') && !me.startsWith('renderer/') && !me.startsWith('electron/')) return {}
    importsCache.delete(file)
    function check(node) {
      for (const spec of sources(node)) {
        if (typeof spec !== 'string' || !spec.startsWith('.')) continue
        const target = resolveFile(file, spec)
        if (target && target !== file && reaches(target, file)) {
          context.report({ node, message: `${me} imports ${rel(target)}, which imports ${me} back (directly or through others): an import loop` })
        }
      }
    }
    return { ImportDeclaration: check, ExportNamedDeclaration: check, ExportAllDeclaration: check, ImportExpression: check }
  },
}

export default { rules: { floors, 'no-loops': noLoops } }
