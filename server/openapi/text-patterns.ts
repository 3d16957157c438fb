import { isMultiLineText, isSingleLineText, MULTI_LINE_PATTERN, SINGLE_LINE_PATTERN } from '../contract/common'
import { INVISIBLE_SOURCE, isVisibleText } from '../contract/users'

/*
 * The text rules the server enforces, declared as `pattern`s (issue 41 §4):
 * - the edge rule (http/middlewares/validate.ts): no string of any request holds a control character (tab and
 *   line breaks allowed), passwords excepted: MULTI_LINE_PATTERN on every request string that has no pattern
 *   of its own;
 * - a field's own refine (singleLine, multiLine, display names' isVisibleText), recognised by its function.
 */

type JsonSchema = Record<string, unknown>

const hex = (c: number) => `\\u${c.toString(16).padStart(4, '0')}`

/** `^[^…]*$` over the UTF-16 code units `re` matches, computed from this runtime's Unicode tables. */
function refusing(re: RegExp): string {
  let ranges = ''
  let start = -1
  for (let c = 0; c <= 0x10000; c++) {
    const hit = c < 0x10000 && re.test(String.fromCharCode(c))
    if (hit && start < 0) start = c
    if (!hit && start >= 0) {
      ranges += start === c - 1 ? hex(start) : `${hex(start)}-${hex(c - 1)}`
      start = -1
    }
  }
  return `[^${ranges}]*$`
}

let visible: string | undefined
/** Display names: no invisible or control character, and not blank (they are trimmed, then must be non-empty). */
const visiblePattern = () => (visible ??= `^(?!\\s*$)${refusing(new RegExp(INVISIBLE_SOURCE, 'u'))}`)

const REFINEMENTS = new Map<unknown, () => string>([
  [isSingleLineText, () => SINGLE_LINE_PATTERN],
  [isMultiLineText, () => MULTI_LINE_PATTERN],
  [isVisibleText, visiblePattern],
])

type CheckDef = { check?: string; fn?: unknown }

/** The pattern of a text rule the schema refines with, if any. */
export function refinementPattern(schema: { _zod: { def: unknown } }): string | undefined {
  const checks = ((schema._zod.def as { checks?: Array<{ _zod: { def: CheckDef } }> }).checks ?? []).map((c) => c._zod.def)
  for (const check of checks) {
    const pattern = check.check === 'custom' ? REFINEMENTS.get(check.fn) : undefined
    if (pattern) return pattern()
  }
  return undefined
}

/** Markers the zod override leaves on a string node for declareTextRules. */
export const TEXT_PATTERN = 'x-text-pattern'
export const TRIMMED_MIN = 'x-trimmed-min'

/**
 * A string the server trims before its minimum length: the minimum counts from the first to the last
 * non-blank character ('  a' is one character long), declared as a lookahead.
 */
export function trimmedMinimum(schema: { _zod: { def: unknown } }, minLength: unknown): number | undefined {
  const checks = ((schema._zod.def as { checks?: Array<{ _zod: { def: { check?: string; tx?: unknown } } }> }).checks ?? []).map((c) => c._zod.def)
  const trims = checks.some((c) => c.check === 'overwrite' && /\.trim\(\)/.test(String(c.tx)))
  return trims && typeof minLength === 'number' && minLength > 0 ? minLength : undefined
}

const atLeast = (n: number) => (n === 1 ? '(?=\\s*\\S)' : `(?=\\s*\\S[\\s\\S]{${n - 2},}\\S)`)

const NOT_TEXT_KEY = /password/i
/** A pattern that could let a control character through (a negated class or a dot), to be narrowed. */
const PERMISSIVE = /\[\^|(?<!\\)\./

function isString(node: JsonSchema): boolean {
  return node.type === 'string' || (Array.isArray(node.type) && node.type.includes('string'))
}

/**
 * Declare the text rules on a request schema (in place): each string node gets its refine's pattern, else the
 * edge rule's; a pattern of its own that could admit a control character is narrowed by a lookahead.
 */
export function declareTextRules(node: unknown, exempt = false): void {
  if (Array.isArray(node)) {
    for (const n of node) declareTextRules(n, exempt)
    return
  }
  if (!node || typeof node !== 'object') return
  const json = node as JsonSchema
  const marked = json[TEXT_PATTERN] as string | undefined
  const trimmedMin = json[TRIMMED_MIN] as number | undefined
  delete json[TEXT_PATTERN]
  delete json[TRIMMED_MIN]
  if (!exempt && isString(json) && json.enum === undefined && json.const === undefined && json.format !== 'binary') {
    const own = json.pattern as string | undefined
    const base = marked ?? MULTI_LINE_PATTERN
    const rule = trimmedMin ? `^${atLeast(trimmedMin)}${base.slice(1)}` : base
    if (own === undefined) json.pattern = rule
    else if (PERMISSIVE.test(own)) json.pattern = `(?=${rule})(?:${own})`
  }
  for (const [key, value] of Object.entries(json)) {
    if (key === 'properties' && value && typeof value === 'object') {
      for (const [name, prop] of Object.entries(value as Record<string, unknown>)) declareTextRules(prop, exempt || NOT_TEXT_KEY.test(name))
    } else if (key === 'items' || key === 'anyOf' || key === 'oneOf' || key === 'allOf' || key === 'prefixItems' || key === 'additionalProperties') declareTextRules(value, exempt)
  }
}
