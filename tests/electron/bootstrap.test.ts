// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { BOOTSTRAP_ARG_PREFIX, asBootstrap, decodeBootstrapArg, encodeBootstrapArg } from '../../electron/shared/bootstrap';

describe('bootstrap argument', () => {
  it('round-trips baseUrl and mode through one argv entry', () => {
    const arg = encodeBootstrapArg({ baseUrl: 'http://127.0.0.1:49321', mode: 'embedded' });
    expect(arg.startsWith(BOOTSTRAP_ARG_PREFIX)).toBe(true);
    expect(arg).not.toMatch(/\s/);
    expect(decodeBootstrapArg(['/opt/Shiliu/shiliu', '--type=renderer', arg])).toEqual({ baseUrl: 'http://127.0.0.1:49321', mode: 'embedded' });
  });

  it('survives URLs with paths and non-ASCII characters', () => {
    const bootstrap = { baseUrl: 'https://校园.example.edu/shiliu', mode: 'remote' as const };
    expect(decodeBootstrapArg([encodeBootstrapArg(bootstrap)])).toEqual(bootstrap);
  });

  it('returns null when absent or malformed', () => {
    expect(decodeBootstrapArg(['electron', '--no-sandbox'])).toBeNull();
    expect(decodeBootstrapArg([`${BOOTSTRAP_ARG_PREFIX}%E0%A4%A`])).toBeNull();
    expect(decodeBootstrapArg([`${BOOTSTRAP_ARG_PREFIX}not-json`])).toBeNull();
    expect(decodeBootstrapArg([BOOTSTRAP_ARG_PREFIX + encodeURIComponent(JSON.stringify({ baseUrl: 'file:///etc', mode: 'remote' }))])).toBeNull();
  });

  it('only accepts the known shape', () => {
    expect(asBootstrap({ baseUrl: 'https://x.example', mode: 'remote', extra: 1 })).toEqual({ baseUrl: 'https://x.example', mode: 'remote' });
    expect(asBootstrap({ baseUrl: 'https://x.example', mode: 'cloud' })).toBeNull();
    expect(asBootstrap({ baseUrl: 42, mode: 'remote' })).toBeNull();
    expect(asBootstrap(null)).toBeNull();
  });
});
