/**
 * One box for every full-screen dialog (issue 41): the reset that turns a modal <dialog> into a viewport-wide
 * mask lives once, in renderer/common/hooks/modal-dialog.css (class dialog-cover, loaded by useModalDialog),
 * and every <dialog> of both apps takes that class; no stylesheet repeats the reset for its own dialog.
 */
import { describe, expect, it } from 'vitest'

// node:fs by a computed name: this folder is type-checked with the renderer's (DOM) types, without Node's.
const fs = (await import(/* @vite-ignore */ ['node', 'fs'].join(':'))) as {
  readFileSync(path: string, encoding: 'utf8'): string
  readdirSync(path: string, options: { recursive: true }): string[]
}

const SHARED = 'common/hooks/modal-dialog.css'
const files = fs.readdirSync('renderer', { recursive: true }).map((f) => f.replaceAll('\\', '/'))
const read = (f: string) => fs.readFileSync(`renderer/${f}`, 'utf8')

describe('full-screen dialogs share one reset', () => {
  it('the reset is written once', () => {
    const sheets = files.filter((f) => f.endsWith('.css'))
    const resets = sheets.filter((f) => /dialog[.\w-]*::backdrop|dialog\.[\w-]+\s*\{[^}]*max-height:\s*none/.test(read(f)))
    expect(resets).toEqual([SHARED])
    expect(read('common/hooks/useModalDialog.ts')).toContain("import './modal-dialog.css'")
  })

  it('every <dialog> takes the shared class', () => {
    const dialogs = files.filter((f) => f.endsWith('.tsx')).flatMap((f) => [...read(f).matchAll(/<dialog\b[^>]*?className=\{?([`"][^`"]*[`"])/gs)].map((m) => ({ f, cls: m[1]! })))
    expect(dialogs.length).toBeGreaterThanOrEqual(5)
    expect(dialogs.filter((d) => !d.cls.includes('dialog-cover'))).toEqual([])
  })
})
