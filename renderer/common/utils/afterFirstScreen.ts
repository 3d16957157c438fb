/*
 * Work that may wait until the first screen is up: code the page will probably want (the note viewer) but that
 * nothing on the first screen runs. Fetched while the first screen still loads, it shares a phone's bandwidth
 * with the first cards' covers and its evaluation lands among their long tasks (issue 41 §6: the note viewer's
 * chunks were requested beside explore's first covers and before a note page's picture). So it starts once the
 * page has loaded, a few seconds have passed and the browser is idle — or at once when the visitor first
 * touches, clicks, types or points at something, since that is when it may be needed.
 */

const SETTLE_MS = 3000
const INTENT_EVENTS = ['pointerdown', 'pointerover', 'touchstart', 'keydown', 'focusin'] as const

function whenIdle(task: () => void): () => void {
  if (typeof window.requestIdleCallback === 'function') {
    const id = window.requestIdleCallback(task, { timeout: 5000 })
    return () => window.cancelIdleCallback(id)
  }
  const timer = setTimeout(task, 0)
  return () => clearTimeout(timer)
}

/** Run `task` once after the first screen (or on the first interaction); returns the cancel. */
export function afterFirstScreen(task: () => void): () => void {
  let done = false
  const cancels: Array<() => void> = []
  const cancel = () => {
    for (const c of cancels.splice(0)) c()
  }
  const run = () => {
    if (done) return
    done = true
    cancel()
    task()
  }
  for (const type of INTENT_EVENTS) {
    window.addEventListener(type, run, { capture: true, passive: true, once: true })
    cancels.push(() => window.removeEventListener(type, run, { capture: true }))
  }
  const settle = () => {
    const timer = setTimeout(() => cancels.push(whenIdle(run)), SETTLE_MS)
    cancels.push(() => clearTimeout(timer))
  }
  if (document.readyState === 'complete') settle()
  else {
    window.addEventListener('load', settle, { once: true })
    cancels.push(() => window.removeEventListener('load', settle))
  }
  return () => {
    done = true
    cancel()
  }
}
