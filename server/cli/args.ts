import { parseArgs, type ParseArgsConfig } from 'node:util'

const HELP = { help: { type: 'boolean', default: false } } as const

/**
 * Parse `--name value` flags. `--help` prints the usage and exits 0; unknown or malformed flags print the
 * message and the usage and exit 2.
 */
export function cliArgs<T extends NonNullable<ParseArgsConfig['options']>>(options: T, usage: string) {
  const parse = () => parseArgs({ options: { ...options, ...HELP }, strict: true, allowPositionals: false }).values
  let values: ReturnType<typeof parse>
  try {
    values = parse()
  } catch (err) {
    process.stderr.write(`${(err as Error).message}\n${usage}\n`)
    process.exit(2)
  }
  if ((values as { help?: boolean }).help) {
    process.stdout.write(`${usage}\n`)
    process.exit(0)
  }
  return values
}
