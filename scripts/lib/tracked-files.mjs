// What the tests may not do: change a tracked file. `trackedState()` before a run and `changedSince(before)` after
// it name the tracked files whose content or status changed in between (files already modified before the run
// count only when the run changed them again). Outside a git work tree both are null (nothing to compare).
import { execFileSync } from 'node:child_process'

const git = (args) => execFileSync('git', args, { encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] })

/** path → its `git status --porcelain` code and, when it exists, the hash of its content; null outside git. */
export function trackedState() {
  let status
  try {
    status = git(['status', '--porcelain=v1', '-z', '--untracked-files=no'])
  } catch {
    return null
  }
  const state = new Map()
  const entries = status.split('\0').filter(Boolean)
  for (let i = 0; i < entries.length; i++) {
    const code = entries[i].slice(0, 2)
    const file = entries[i].slice(3)
    if (code.startsWith('R') || code.startsWith('C')) i++ // the rename's source path follows
    state.set(file, code)
  }
  const present = [...state].filter(([, code]) => !code.includes('D')).map(([file]) => file)
  if (present.length) {
    const hashes = git(['hash-object', '--', ...present]).trim().split('\n')
    present.forEach((file, i) => state.set(file, `${state.get(file)} ${hashes[i]}`))
  }
  return state
}

/** The tracked files changed since `before` (a trackedState()), each with its status now; null outside git. */
export function changedSince(before) {
  const after = trackedState()
  if (!before || !after) return null
  const files = new Set([...before.keys(), ...after.keys()])
  return [...files].filter((f) => before.get(f) !== after.get(f)).map((f) => `${(after.get(f) ?? 'restored').slice(0, 2).trim() || 'restored'} ${f}`)
}
