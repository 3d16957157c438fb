/**
 * Queued channel switch (spec §2.3): a choice is applied at once and locks switching for `lockMs`;
 * choices made while locked are queued and only the last one is applied when the lock ends.
 */
export interface Timers {
  setTimeout: (fn: () => void, ms: number) => unknown
  clearTimeout: (id: unknown) => void
}

const defaultTimers: Timers = {
  setTimeout: (fn, ms) => globalThis.setTimeout(fn, ms),
  clearTimeout: (id) => globalThis.clearTimeout(id as ReturnType<typeof setTimeout>),
}

export class SwitchQueue<T> {
  private locked = false
  private pending: { value: T } | null = null
  private timer: unknown = null
  private last: { value: T } | null = null

  constructor(
    private readonly apply: (value: T) => void,
    private readonly lockMs = 1200,
    private readonly timers: Timers = defaultTimers,
    private readonly same: (a: T, b: T) => boolean = Object.is,
  ) {}

  request(value: T): void {
    if (this.locked) {
      this.pending = { value }
      return
    }
    if (this.last && this.same(this.last.value, value)) return
    this.last = { value }
    this.locked = true
    this.apply(value)
    this.timer = this.timers.setTimeout(() => this.unlock(), this.lockMs)
  }

  /** Tell the queue which value is current without applying it (e.g. the URL changed by itself). */
  sync(value: T): void {
    this.last = { value }
  }

  get isLocked(): boolean {
    return this.locked
  }

  dispose(): void {
    if (this.timer !== null) this.timers.clearTimeout(this.timer)
    this.timer = null
    this.pending = null
    this.locked = false
  }

  private unlock(): void {
    this.locked = false
    this.timer = null
    const next = this.pending
    this.pending = null
    if (next) this.request(next.value)
  }
}
