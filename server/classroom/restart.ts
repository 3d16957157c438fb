/*
 * The back-office's reset button (issue 43) needs the server stopped: the request can only ask. The server
 * process run by `npm run demo -- --classroom` registers how to stop (main.ts: a clean stop, exit code
 * CLASSROOM_RESET_EXIT_CODE); the demo script then resets the data folder and starts the server again. A
 * server run any other way (tests, the desktop app for now) registers nothing, and the button answers 409.
 */

/** The exit code that tells scripts/demo.mjs "reset the classroom and start again" (EX_TEMPFAIL). */
export const CLASSROOM_RESET_EXIT_CODE = 75

let handler: (() => void) | null = null

export function onClassroomReset(fn: (() => void) | null): void {
  handler = fn
}

/** Ask for the stop-reset-start; false when nobody can do it. The stop begins after the current reply. */
export function requestClassroomReset(): boolean {
  if (!handler) return false
  const fn = handler
  setTimeout(fn, 200).unref?.()
  return true
}

/** Whether the back-office's reset can work in this process. */
export const canReset = (): boolean => handler !== null
