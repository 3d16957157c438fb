import type { Logger } from 'pino'

/*
 * Work a request starts but does not wait for (a member's data export being built, a notice email leaving).
 * Kept in one place so that a clean stop lets it finish before the database closes (otherwise a build cut
 * short by the stop stays pending until the stale-build sweep), and so that a test can wait until the
 * server is quiet before it compares table counts.
 */
export class BackgroundWork {
  private readonly running = new Set<Promise<unknown>>()

  constructor(private readonly logger: Pick<Logger, 'error'>) {}

  /**
   * Start `work` on the next turn of the event loop. Callers handle the failures they expect (a mail that
   * cannot leave, a build marked failed); anything else that escapes is logged here, never lost.
   */
  run(work: () => Promise<unknown>): void {
    const task: Promise<unknown> = new Promise<void>((resolve) => setImmediate(resolve))
      .then(work)
      .catch((err: unknown) => this.logger.error({ err }, 'background work failed'))
      .finally(() => this.running.delete(task))
    this.running.add(task)
  }

  get size(): number {
    return this.running.size
  }

  /** Resolves true once nothing is running (work started meanwhile included), false when `timeoutMs` ran out. */
  async settled(timeoutMs = Infinity): Promise<boolean> {
    const deadline = Date.now() + timeoutMs
    while (this.running.size) {
      const left = deadline - Date.now()
      if (left <= 0) return false
      let timer: NodeJS.Timeout | undefined
      const outOfTime = new Promise<'late'>((resolve) => {
        if (Number.isFinite(left)) timer = setTimeout(() => resolve('late'), left)
      })
      const first = await Promise.race([Promise.allSettled([...this.running]), outOfTime])
      clearTimeout(timer)
      if (first === 'late') return false
    }
    return true
  }
}
