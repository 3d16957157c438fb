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

/** Each layer → its JSON text ('' until first asked for). */
const layers = new WeakMap<object, string>()
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
  layers.set(layer, '')
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

/** Mark `items` as a list whose elements `replyJson` looks at one by one. */
export function jsonList<T>(items: T[]): T[] {
  lists.add(items)
  return items
}

const isObject = (v: unknown): v is Record<string, unknown> => v !== null && typeof v === 'object'

function layerText(layer: object): string {
  let text = layers.get(layer)!
  if (text === '') layers.set(layer, (text = JSON.stringify((layer as { [REST]: object })[REST])))
  return text
}

function holdsList(value: Record<string, unknown>, depth: number): boolean {
  if (lists.has(value)) return true
  if (depth >= WALK_DEPTH || Array.isArray(value) || typeof value.toJSON === 'function') return false
  for (const key of Object.keys(value)) {
    const v = value[key]
    if (isObject(v) && holdsList(v, depth + 1)) return true
  }
  return false
}

function serialise(value: unknown, depth: number): string | undefined {
  if (!isObject(value)) return JSON.stringify(value)
  const layer: unknown = Object.getPrototypeOf(value)
  if (isObject(layer) && layers.has(layer)) {
    const own = JSON.stringify({ ...value })
    const text = layerText(layer)
    return own === '{}' ? text : text === '{}' ? own : `${text.slice(0, -1)},${own.slice(1)}`
  }
  if (lists.has(value)) return `[${(value as unknown as unknown[]).map((v) => serialise(v, depth + 1) ?? 'null').join(',')}]`
  if (!holdsList(value, depth)) return JSON.stringify(value)
  const parts: string[] = []
  for (const key of Object.keys(value)) {
    const part = serialise(value[key], depth + 1)
    if (part !== undefined) parts.push(`${JSON.stringify(key)}:${part}`)
  }
  return `{${parts.join(',')}}`
}

/** JSON.stringify(reply), with the layers' texts in place. */
export function replyJson(reply: unknown): string {
  return serialise(reply, 0) ?? 'null'
}
