import { parseArgs, type ParseArgsConfig } from 'node:util'

/** Parse `--name value` flags; prints the message and exits 2 on unknown or malformed flags. */
export function cliArgs<T extends NonNullable<ParseArgsConfig['options']>>(options: T, usage: string) {
  try {
    return parseArgs({ options, strict: true, allowPositionals: false }).values
  } catch (err) {
    process.stderr.write(`${(err as Error).message}\n${usage}\n`)
    process.exit(2)
  }
}
