/**
 * Every text the server can send, collected from its source (issue 40): the catalogue check
 * (catalog.test.ts) compares them with the English catalogue. What counts as a message: any string literal
 * with Chinese in server/ code. Excluded: the seed corpus (demo content is user content), the OpenAPI
 * document's prose (server/openapi, `.describe()` / `.meta()` and `description:` properties: documentation for developers,
 * not replies), migrations' DDL, the CLI's usage texts (operators), and lines marked `i18n-ignore` (with a reason: data such as the spec's fixed
 * values 男/女, search vocabulary, log lines), on the line itself or the line above.
 */
import { readdirSync, readFileSync } from 'node:fs'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import ts from 'typescript'

const ROOT = path.resolve(fileURLToPath(new URL('../../../server', import.meta.url)))
/** Demo content, the OpenAPI document, migrations' DDL and the command-line tools' usage texts (for operators). */
const EXCLUDED_DIRS = ['seed', 'openapi', 'db/migrations', 'cli']
const HAN = /\p{Script=Han}/u
/** Callee names whose string arguments are API documentation, not messages. */
const DOC_CALLS = new Set(['describe', 'meta'])
/** Property names whose values are API documentation in the admin resources (their and their actions' descriptions). */
const DOC_PROPERTIES = new Set(['description', 'summary'])

export interface Finding {
  file: string
  line: number
  text: string
}

export interface Extraction {
  /** Literal texts: each must be a catalogue id. */
  ids: Map<string, Finding[]>
  /** Chinese text assembled outside the catalogue (template literals with values, `+`), or a msg() id that is not a literal. */
  violations: Finding[]
}

function sourceFiles(dir: string, root: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name)
    if (entry.isDirectory()) return EXCLUDED_DIRS.includes(path.relative(root, full)) ? [] : sourceFiles(full, root)
    return entry.name.endsWith('.ts') && !/^catalog-/.test(entry.name) ? [full] : []
  })
}

function inDocCall(node: ts.Node, file: string): boolean {
  const adminDocs = file.startsWith('server/admin/')
  for (let n = node.parent; n; n = n.parent) {
    if (adminDocs && ts.isPropertyAssignment(n) && (ts.isIdentifier(n.name) || ts.isStringLiteral(n.name)) && DOC_PROPERTIES.has(n.name.text)) return true
    if (ts.isCallExpression(n) && ts.isPropertyAccessExpression(n.expression) && DOC_CALLS.has(n.expression.name.text)) return true
    if (ts.isStatement(n)) return false
  }
  return false
}

const calleeName = (call: ts.CallExpression): string | null =>
  ts.isIdentifier(call.expression) ? call.expression.text : ts.isPropertyAccessExpression(call.expression) ? call.expression.name.text : null

/** `root`: a server/ directory (the real one by default; the check's own test feeds it fixtures). */
export function extractMessages(root = ROOT): Extraction {
  const ids = new Map<string, Finding[]>()
  const violations: Finding[] = []
  for (const file of sourceFiles(root, root)) {
    const text = readFileSync(file, 'utf8')
    const lines = text.split('\n')
    const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true)
    const rel = path.relative(path.dirname(root), file)
    const ignored = (node: ts.Node): boolean => {
      const line = source.getLineAndCharacterOfPosition(node.getStart(source)).line
      return /i18n-ignore/.test(lines[line] ?? '') || /i18n-ignore/.test(lines[line - 1] ?? '')
    }
    const at = (node: ts.Node, what: string): Finding => ({ file: rel, line: source.getLineAndCharacterOfPosition(node.getStart(source)).line + 1, text: what })
    const visit = (node: ts.Node): void => {
      if (ts.isCallExpression(node) && (calleeName(node) === 'msg' || calleeName(node) === 'fixed')) {
        const id = node.arguments[0]
        if (!id || !(ts.isStringLiteral(id) || ts.isNoSubstitutionTemplateLiteral(id))) violations.push(at(node, `${calleeName(node)}() needs a literal id: ${node.getText(source)}`))
      }
      if ((ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node)) && HAN.test(node.text) && !inDocCall(node, rel) && !ignored(node)) {
        const list = ids.get(node.text) ?? []
        list.push(at(node, node.text))
        ids.set(node.text, list)
      }
      if (ts.isTemplateExpression(node) && HAN.test(node.getText(source)) && !inDocCall(node, rel) && !ignored(node)) {
        violations.push(at(node, `Chinese in a template literal (use msg()/fixed() with an ICU pattern): ${node.getText(source)}`))
        return
      }
      if (ts.isBinaryExpression(node) && node.operatorToken.kind === ts.SyntaxKind.PlusToken && HAN.test(node.getText(source)) && !inDocCall(node, rel) && !ignored(node)) {
        const parts = [node.left, node.right]
        if (parts.some((p) => ts.isStringLiteral(p) && HAN.test(p.text))) violations.push(at(node, `Chinese joined with +: ${node.getText(source)}`))
      }
      ts.forEachChild(node, visit)
    }
    visit(source)
  }
  return { ids, violations }
}
