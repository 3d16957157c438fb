/**
 * Bootstrap data handed from the main process to the preload script before the
 * page runs: the API base URL and the connection mode. It travels as one
 * `webPreferences.additionalArguments` entry (appended to `process.argv` in the
 * renderer, available in sandboxed preloads), so the preload can expose it
 * synchronously without a round trip.
 */

export type ConnectionMode = 'embedded' | 'remote';

export interface Bootstrap {
  baseUrl: string;
  mode: ConnectionMode;
}

export const BOOTSTRAP_ARG_PREFIX = '--shiliu-bootstrap=';

export function encodeBootstrapArg(bootstrap: Bootstrap): string {
  return BOOTSTRAP_ARG_PREFIX + encodeURIComponent(JSON.stringify({ baseUrl: bootstrap.baseUrl, mode: bootstrap.mode }));
}

/** Checks an untyped value has the bootstrap shape with an http(s) base URL. */
export function asBootstrap(value: unknown): Bootstrap | null {
  if (typeof value !== 'object' || value === null) return null;
  const { baseUrl, mode } = value as Record<string, unknown>;
  if (mode !== 'embedded' && mode !== 'remote') return null;
  if (typeof baseUrl !== 'string') return null;
  let url: URL;
  try {
    url = new URL(baseUrl);
  } catch {
    return null;
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return null;
  return { baseUrl, mode };
}

/** Finds and decodes the bootstrap argument; null when absent or malformed. */
export function decodeBootstrapArg(argv: readonly string[]): Bootstrap | null {
  // Use the last occurrence: additionalArguments are appended after Chromium's own switches.
  for (let i = argv.length - 1; i >= 0; i--) {
    const arg = argv[i];
    if (typeof arg !== 'string' || !arg.startsWith(BOOTSTRAP_ARG_PREFIX)) continue;
    try {
      return asBootstrap(JSON.parse(decodeURIComponent(arg.slice(BOOTSTRAP_ARG_PREFIX.length))));
    } catch {
      return null;
    }
  }
  return null;
}
