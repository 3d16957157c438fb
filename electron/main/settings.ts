/**
 * Desktop settings: which server the app talks to.
 *
 * Stored as JSON in `<userData>/settings.json`, validated with zod on every
 * read and write. A missing file means the defaults (offline demo). A broken
 * file is reported (`problem`) and left as it is: the app asks the user to
 * choose in the settings window, and backs the file up before replacing it.
 */
import { readFileSync } from 'node:fs';
import { copyFile, mkdir, readFile, rename, writeFile } from 'node:fs/promises';
import { dirname } from 'node:path';
import { z } from 'zod';

export const SETTINGS_FILE_NAME = 'settings.json';

/** Result of normalising a user-typed server URL. */
export type ServerUrlCheck = { ok: true; url: string } | { ok: false; error: string };

/**
 * Accepts only absolute http(s) URLs without credentials, query or fragment.
 * Returns the canonical form: origin plus path, without a trailing slash
 * (`https://shiliu.example.edu/`, `https://shiliu.example.edu` → `https://shiliu.example.edu`).
 */
export function normalizeServerUrl(input: string): ServerUrlCheck {
  const text = input.trim();
  if (text === '') return { ok: false, error: 'Server URL is required' };
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    return { ok: false, error: 'Server URL is not a valid URL' };
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') {
    return { ok: false, error: 'Server URL must start with http:// or https://' };
  }
  if (url.hostname === '') return { ok: false, error: 'Server URL must name a host' };
  if (url.username !== '' || url.password !== '') {
    return { ok: false, error: 'Server URL must not contain a user name or password' };
  }
  if (url.search !== '' || url.hash !== '') {
    return { ok: false, error: 'Server URL must not contain a query or fragment' };
  }
  const path = url.pathname.replace(/\/+$/, '');
  return { ok: true, url: url.origin + path };
}

const serverUrlSchema = z
  .string()
  .max(2048, 'Server URL is too long')
  .transform((value, ctx) => {
    const checked = normalizeServerUrl(value);
    if (!checked.ok) {
      ctx.addIssue({ code: 'custom', message: checked.error });
      return z.NEVER;
    }
    return checked.url;
  });

export const settingsSchema = z
  .object({
    version: z.literal(1).default(1),
    mode: z.enum(['embedded', 'remote']).default('embedded'),
    /** Kept while in embedded mode so switching back and forth keeps the URL. */
    remoteUrl: serverUrlSchema.nullable().default(null),
  })
  .superRefine((settings, ctx) => {
    if (settings.mode === 'remote' && settings.remoteUrl === null) {
      ctx.addIssue({ code: 'custom', path: ['remoteUrl'], message: 'Remote mode needs a server URL' });
    }
  });

export type DesktopSettings = z.output<typeof settingsSchema>;
export type SettingsInput = z.input<typeof settingsSchema>;

export const DEFAULT_SETTINGS: Readonly<DesktopSettings> = Object.freeze({
  version: 1,
  mode: 'embedded',
  remoteUrl: null,
});

export interface SettingsIssue {
  path: string;
  message: string;
}

export type ParseSettingsResult = { ok: true; settings: DesktopSettings } | { ok: false; errors: SettingsIssue[] };

export function parseSettings(input: unknown): ParseSettingsResult {
  const parsed = settingsSchema.safeParse(input);
  if (parsed.success) return { ok: true, settings: parsed.data };
  return {
    ok: false,
    errors: parsed.error.issues.map((issue) => ({ path: issue.path.map(String).join('.'), message: issue.message })),
  };
}

export interface LoadedSettings {
  settings: DesktopSettings;
  /** Set when the file existed but could not be used; defaults were returned. */
  problem?: string;
}

function fromFileText(text: string | null, file: string): LoadedSettings {
  if (text === null) return { settings: { ...DEFAULT_SETTINGS } };
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    return { settings: { ...DEFAULT_SETTINGS }, problem: `${file} is not valid JSON` };
  }
  const parsed = parseSettings(json);
  if (!parsed.ok) {
    const details = parsed.errors.map((e) => `${e.path || '(root)'}: ${e.message}`).join('; ');
    return { settings: { ...DEFAULT_SETTINGS }, problem: `${file} is invalid (${details})` };
  }
  return { settings: parsed.settings };
}

function isMissing(error: unknown): boolean {
  return (error as NodeJS.ErrnoException | null)?.code === 'ENOENT';
}

/** Reads the settings file (async). Missing file → defaults; broken file → defaults + problem. */
export async function loadSettings(file: string): Promise<LoadedSettings> {
  let text: string | null;
  try {
    text = await readFile(file, 'utf8');
  } catch (error) {
    if (!isMissing(error)) return { settings: { ...DEFAULT_SETTINGS }, problem: `cannot read ${file}: ${String(error)}` };
    text = null;
  }
  return fromFileText(text, file);
}

/**
 * Synchronous variant for start-up, before `app.ready`: some decisions
 * (Chromium command-line switches) must be taken before the app is ready.
 */
export function loadSettingsSync(file: string): LoadedSettings {
  let text: string | null;
  try {
    text = readFileSync(file, 'utf8');
  } catch (error) {
    if (!isMissing(error)) return { settings: { ...DEFAULT_SETTINGS }, problem: `cannot read ${file}: ${String(error)}` };
    text = null;
  }
  return fromFileText(text, file);
}

/**
 * Validates, then writes atomically (temp file + rename). Invalid input writes nothing. A settings file that
 * exists but cannot be used is first kept as `settings.json.invalid-<time>`, so nothing the user wrote is lost.
 */
export async function saveSettings(file: string, input: unknown): Promise<ParseSettingsResult> {
  const parsed = parseSettings(input);
  if (!parsed.ok) return parsed;
  await mkdir(dirname(file), { recursive: true });
  const current = await loadSettings(file);
  if (current.problem) await copyFile(file, `${file}.invalid-${new Date().toISOString().replace(/[:.]/g, '-')}`).catch(() => undefined);
  const temp = `${file}.${process.pid}.${Date.now()}.tmp`;
  await writeFile(temp, JSON.stringify(parsed.settings, null, 2) + '\n', { encoding: 'utf8', mode: 0o600 });
  await rename(temp, file);
  return parsed;
}

/** True when two settings would connect the app to a different server. */
export function connectionChanged(a: DesktopSettings, b: DesktopSettings): boolean {
  if (a.mode !== b.mode) return true;
  return a.mode === 'remote' && a.remoteUrl !== b.remoteUrl;
}
