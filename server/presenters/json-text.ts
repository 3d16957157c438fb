/*
 * Replies whose repeated parts are serialised once (issue 19 part 3). A feed page is twenty cards, each ~40
 * fields of which only nine change between requests (the counters and the viewer's flags: card-cache.ts).
 * Copying each cached card into a new object with those nine fields, then serialising the page, was ~100 µs
 * per page, ~10 % of the main thread under wrk; serialising the same cached cards again each time.
 *
 * Instead, a cached card's stable fields become a *layer*: a frozen prototype whose JSON text is made once.
 * A card of a reply is a small object over that layer holding only the fields of this request: it reads as
 * the whole card (`card.title` comes from the layer), JSON.stringify gives the whole card (toJSON), and
 * `replyJson` writes the layer's text with the object's own fields appended (~40 µs per page). A field set
 * on such an object later is its own field and is written too; a layer field cannot be changed (frozen).
 * The one difference from JSON.stringify is the order of a card's keys (this request's fields come last),
 * which JSON readers do not see.
 */

/**
 * Each layer → its JSON text as UTF-8 without the closing brace (null for a layer without fields), made when
 * first written; undefined until then.
 */
const layers = new WeakMap<object, Buffer | null | undefined>()
/** Arrays whose elements may be objects over a layer. */
const lists = new WeakSet<object>()
/** How deep `replyJson` looks for marked lists: the envelope, its `data`, a list reply under `data`. */
const WALK_DEPTH = 3

/** The layer of `base`'s fields except `ownKeys` (which the objects over it hold themselves). */
export function jsonLayer(base: object, ownKeys: readonly string[]): object {
  const rest: Record<string, unknown> = { ...base }
  for (const key of ownKeys) delete rest[key]
  Object.freeze(rest)
  const layer = Object.create(rest, { toJSON: { value: toJSON }, [REST]: { value: rest } }) as object
  layers.set(layer, undefined)
  return layer
}

const REST = Symbol('layer fields')

/** JSON.stringify of an object over a layer: the layer's fields, then the object's own. */
function toJSON(this: { [REST]: object }): object {
  return { ...this[REST], ...this }
}

/** An object over `layer` holding `fields`, typed as the whole it reads as. */
export function overLayer<T>(layer: object, fields: object): T {
  return Object.assign(Object.create(layer) as object, fields) as T
}

/** `{ ...value, ...fields }`, kept over its layer when `value` is over one (a spread copies own fields only). */
export function withFields<T extends object>(value: T, fields: Partial<T>): T {
  const layer: unknown = Object.getPrototypeOf(value)
  return isObject(layer) && layers.has(layer) ? overLayer<T>(layer, { ...value, ...fields }) : { ...value, ...fields }
}

/** Mark `items` as a list whose elements `replyJson` looks at one by one. */
export function jsonList<T>(items: T[]): T[] {
  lists.add(items)
  return items
}

const isObject = (v: unknown): v is Record<string, unknown> => v !== null && typeof v === 'object'

function layerHead(layer: object): Buffer | null {
  let head = layers.get(layer)
  if (head === undefined) {
    const text = JSON.stringify((layer as { [REST]: object })[REST])
    layers.set(layer, (head = text === '{}' ? null : Buffer.from(text.slice(0, -1))))
  }
  return head
}

/** Whether `value` is an object over a layer. */
function overALayer(value: object): boolean {
  const layer: unknown = Object.getPrototypeOf(value)
  return isObject(layer) && layers.has(layer)
}

/** Whether `value` is, or holds within WALK_DEPTH, a marked list or an object over a layer. */
function holdsWalked(value: Record<string, unknown>, depth: number): boolean {
  if (lists.has(value) || overALayer(value)) return true
  if (depth >= WALK_DEPTH || Array.isArray(value) || typeof value.toJSON === 'function') return false
  for (const key of Object.keys(value)) {
    const v = value[key]
    if (isObject(v) && holdsWalked(v, depth + 1)) return true
  }
  return false
}

/**
 * The reply being written: UTF-8 chunks, with the text since the last layer still a string. Layers go in as
 * the bytes made once (layerHead), so a feed page's 20–30 KB of mostly Chinese text is neither serialised nor
 * encoded again per reply; Koa also takes a Buffer's length as it is (a string's it measures: Buffer.byteLength
 * was ~6 % of a signed-in feed request).
 */
interface Output {
  chunks: Buffer[]
  text: string
  /** Marked lists this reply holds more than once (a search reply's page, as `data` and as `posts.data`), and their bytes once written. */
  repeated?: Map<object, Buffer | null>
}

/** Marked lists found more than once within WALK_DEPTH of `reply` (usually none). */
function repeatedLists(reply: Record<string, unknown>): Map<object, Buffer | null> | undefined {
  const seen = new Set<object>()
  let repeated: Map<object, Buffer | null> | undefined
  const visit = (value: Record<string, unknown>, depth: number): void => {
    if (lists.has(value)) {
      if (seen.has(value)) (repeated ??= new Map()).set(value, null)
      seen.add(value)
      return
    }
    if (depth >= WALK_DEPTH || Array.isArray(value) || overALayer(value) || typeof value.toJSON === 'function') return
    for (const key of Object.keys(value)) {
      const v = value[key]
      if (isObject(v)) visit(v, depth + 1)
    }
  }
  visit(reply, 0)
  return repeated
}

/** Whether `value` is written by walking it (layers, marked lists, objects holding them) rather than JSON.stringify. */
function walked(value: unknown, depth: number): value is Record<string, unknown> {
  return isObject(value) && holdsWalked(value, depth)
}

/** Write a walked value (see `walked`). */
function write(value: Record<string, unknown>, depth: number, out: Output): void {
  if (overALayer(value)) {
    const layer = Object.getPrototypeOf(value) as object
    const own = JSON.stringify({ ...value })
    const head = layerHead(layer)
    if (!head) out.text += own
    else {
      if (out.text) out.chunks.push(Buffer.from(out.text))
      out.chunks.push(head)
      out.text = own === '{}' ? '}' : `,${own.slice(1)}`
    }
    return
  }
  const bytes = out.repeated?.get(value)
  if (bytes) {
    // A list written before in this reply: its bytes again, not its cards serialised again.
    if (out.text) out.chunks.push(Buffer.from(out.text))
    out.chunks.push(bytes)
    out.text = ''
    return
  }
  if (bytes === null) {
    const own: Output = { chunks: [], text: '' }
    write(value, depth, own)
    const written = Buffer.concat([...own.chunks, Buffer.from(own.text)])
    out.repeated!.set(value, written)
    write(value, depth, out)
    return
  }
  if (lists.has(value)) {
    out.text += '['
    ;(value as unknown as unknown[]).forEach((item, i) => {
      if (i > 0) out.text += ','
      if (walked(item, depth + 1)) write(item, depth + 1, out)
      else out.text += JSON.stringify(item) ?? 'null'
    })
    out.text += ']'
    return
  }
  out.text += '{'
  let first = true
  for (const key of Object.keys(value)) {
    const item = value[key]
    const isWalked = walked(item, depth + 1)
    const text = isWalked ? '' : JSON.stringify(item)
    if (text === undefined) continue
    out.text += `${first ? '' : ','}${JSON.stringify(key)}:`
    first = false
    if (isWalked) write(item, depth + 1, out)
    else out.text += text
  }
  out.text += '}'
}

/**
 * JSON.stringify(reply), with the layers' texts in place: a string when the reply holds no layer (the same
 * text as JSON.stringify), else its UTF-8 bytes.
 */
export function replyJson(reply: unknown): string | Buffer {
  if (!walked(reply, 0)) return JSON.stringify(reply) ?? 'null'
  const out: Output = { chunks: [], text: '', repeated: repeatedLists(reply) }
  write(reply, 0, out)
  if (out.chunks.length === 0) return out.text
  out.chunks.push(Buffer.from(out.text))
  return Buffer.concat(out.chunks)
}
