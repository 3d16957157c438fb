// @vitest-environment node
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  DEFAULT_SETTINGS,
  connectionChanged,
  loadSettings,
  loadSettingsSync,
  normalizeServerUrl,
  parseSettings,
  saveSettings,
} from '../../electron/main/settings';

let dir: string;
let file: string;

beforeEach(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'shiliu-settings-'));
  file = path.join(dir, 'nested', 'settings.json');
});

afterEach(async () => {
  await rm(dir, { recursive: true, force: true });
});

describe('normalizeServerUrl', () => {
  it.each([
    ['https://shiliu.example.edu', 'https://shiliu.example.edu'],
    ['https://shiliu.example.edu/', 'https://shiliu.example.edu'],
    ['  http://10.0.0.5:3000/  ', 'http://10.0.0.5:3000'],
    ['HTTPS://Shiliu.Example.EDU/campus//', 'https://shiliu.example.edu/campus'],
    ['http://[::1]:8080', 'http://[::1]:8080'],
  ])('accepts %s as %s', (input, expected) => {
    expect(normalizeServerUrl(input)).toEqual({ ok: true, url: expected });
  });

  it.each([
    ['', 'required'],
    ['shiliu.example.edu', 'not a valid URL'],
    ['ftp://shiliu.example.edu', 'http:// or https://'],
    ['file:///etc/passwd', 'http:// or https://'],
    ['javascript:alert(1)', 'http:// or https://'],
    ['app://shiliu/explore', 'http:// or https://'],
    ['https://user:secret@shiliu.example.edu', 'user name or password'],
    ['https://shiliu.example.edu/?x=1', 'query or fragment'],
    ['https://shiliu.example.edu/#top', 'query or fragment'],
  ])('refuses %j', (input, message) => {
    const result = normalizeServerUrl(input);
    expect(result.ok).toBe(false);
    expect(result.ok ? '' : result.error).toContain(message);
  });
});

describe('parseSettings', () => {
  it('fills defaults (embedded mode) for an empty object', () => {
    expect(parseSettings({})).toEqual({ ok: true, settings: { version: 1, mode: 'embedded', remoteUrl: null } });
  });

  it('accepts remote mode with a URL and normalises it', () => {
    expect(parseSettings({ mode: 'remote', remoteUrl: 'https://shiliu.example.edu/' })).toEqual({
      ok: true,
      settings: { version: 1, mode: 'remote', remoteUrl: 'https://shiliu.example.edu' },
    });
  });

  it('keeps the remote URL in embedded mode', () => {
    const result = parseSettings({ mode: 'embedded', remoteUrl: 'http://10.0.0.5:3000' });
    expect(result).toEqual({ ok: true, settings: { version: 1, mode: 'embedded', remoteUrl: 'http://10.0.0.5:3000' } });
  });

  it('refuses remote mode without a URL, naming the field', () => {
    const result = parseSettings({ mode: 'remote' });
    expect(result.ok).toBe(false);
    expect(result.ok ? [] : result.errors).toEqual([{ path: 'remoteUrl', message: 'Remote mode needs a server URL' }]);
  });

  it('refuses an unknown mode, a bad URL and a non-object', () => {
    expect(parseSettings({ mode: 'cloud' }).ok).toBe(false);
    const bad = parseSettings({ mode: 'remote', remoteUrl: 'ftp://x.example' });
    expect(bad.ok ? [] : bad.errors).toEqual([{ path: 'remoteUrl', message: 'Server URL must start with http:// or https://' }]);
    expect(parseSettings('remote').ok).toBe(false);
    expect(parseSettings(null).ok).toBe(false);
  });

  it('drops unknown keys', () => {
    const result = parseSettings({ mode: 'embedded', nodeIntegration: true });
    expect(result.ok && result.settings).toEqual({ version: 1, mode: 'embedded', remoteUrl: null });
  });
});

describe('loadSettings / saveSettings', () => {
  it('returns defaults when the file does not exist', async () => {
    expect(await loadSettings(file)).toEqual({ settings: DEFAULT_SETTINGS });
    expect(loadSettingsSync(file)).toEqual({ settings: DEFAULT_SETTINGS });
  });

  it('saves valid settings as JSON and loads them back (async and sync)', async () => {
    const saved = await saveSettings(file, { mode: 'remote', remoteUrl: 'https://shiliu.example.edu/' });
    expect(saved).toEqual({ ok: true, settings: { version: 1, mode: 'remote', remoteUrl: 'https://shiliu.example.edu' } });
    expect(JSON.parse(await readFile(file, 'utf8'))).toEqual({ version: 1, mode: 'remote', remoteUrl: 'https://shiliu.example.edu' });
    expect((await loadSettings(file)).settings).toEqual({ version: 1, mode: 'remote', remoteUrl: 'https://shiliu.example.edu' });
    expect(loadSettingsSync(file).settings.mode).toBe('remote');
  });

  it('writes nothing for invalid settings', async () => {
    await saveSettings(file, { mode: 'embedded' });
    const result = await saveSettings(file, { mode: 'remote', remoteUrl: 'javascript:alert(1)' });
    expect(result.ok).toBe(false);
    expect((await loadSettings(file)).settings).toEqual(DEFAULT_SETTINGS);
  });

  it('falls back to defaults with a problem for broken JSON', async () => {
    await saveSettings(file, {});
    await writeFile(file, '{ not json');
    const loaded = await loadSettings(file);
    expect(loaded.settings).toEqual(DEFAULT_SETTINGS);
    expect(loaded.problem).toContain('not valid JSON');
    expect(loadSettingsSync(file).problem).toContain('not valid JSON');
  });

  it('falls back to defaults with a problem for a hand-edited invalid file', async () => {
    await saveSettings(file, {});
    await writeFile(file, JSON.stringify({ mode: 'remote', remoteUrl: 'file:///etc' }));
    const loaded = await loadSettings(file);
    expect(loaded.settings).toEqual(DEFAULT_SETTINGS);
    expect(loaded.problem).toContain('remoteUrl');
  });
});

describe('connectionChanged', () => {
  const embedded = { version: 1 as const, mode: 'embedded' as const, remoteUrl: null };
  const remoteA = { version: 1 as const, mode: 'remote' as const, remoteUrl: 'https://a.example' };
  it('is true when the mode or the remote URL changes', () => {
    expect(connectionChanged(embedded, remoteA)).toBe(true);
    expect(connectionChanged(remoteA, { ...remoteA, remoteUrl: 'https://b.example' })).toBe(true);
  });
  it('is false when only the remembered URL of embedded mode changes', () => {
    expect(connectionChanged(embedded, { ...embedded, remoteUrl: 'https://b.example' })).toBe(false);
    expect(connectionChanged(remoteA, { ...remoteA })).toBe(false);
  });
});
