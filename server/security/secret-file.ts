import { linkSync, readFileSync, unlinkSync, writeFileSync } from 'node:fs'
import path from 'node:path'
import { randomBytes } from 'node:crypto'

/**
 * The content of a secret file of the data directory (the JWT secret, the data key), made once with `make()`
 * (mode 600) when it does not exist yet. Several processes may start on one new DATA_DIR at the same moment
 * (two `npm run demo`, instances behind a proxy): the file appears whole or not at all (written to a private
 * temporary name, then hard-linked to its name, which fails when another process made it first: its content
 * is then the one read), so no process ever reads it empty or half-written, and all of them use one secret.
 */
export function readOrCreateSecretFile(file: string, make: () => string): string {
  try {
    return readFileSync(file, 'utf8')
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'ENOENT') throw err
  }
  const tmp = path.join(path.dirname(file), `.${path.basename(file)}.${process.pid}.${randomBytes(6).toString('hex')}.tmp`)
  const content = make()
  writeFileSync(tmp, content, { mode: 0o600, flag: 'wx' })
  try {
    linkSync(tmp, file)
    return content
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err
    return readFileSync(file, 'utf8')
  } finally {
    unlinkSync(tmp)
  }
}
