/**
 * Size and position of each window kind, remembered in `<userData>/window-state.json` and brought back
 * onto a visible screen: a window saved on a monitor that is gone, or larger than this screen (a 1366×768
 * laptop), is moved and shrunk into the work area of the nearest display.
 */
import { mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { z } from 'zod';

export interface Rect {
  x: number;
  y: number;
  width: number;
  height: number;
}

export interface SavedWindowState extends Rect {
  maximized: boolean;
}

const stateSchema = z.record(
  z.string(),
  z.object({ x: z.number().int(), y: z.number().int(), width: z.number().int().positive(), height: z.number().int().positive(), maximized: z.boolean() }),
);

/** How much of a saved window must be on a display for the position to be kept. */
const MIN_VISIBLE = 80;

function overlap(a: Rect, b: Rect): number {
  const w = Math.min(a.x + a.width, b.x + b.width) - Math.max(a.x, b.x);
  const h = Math.min(a.y + a.height, b.y + b.height) - Math.max(a.y, b.y);
  return w > 0 && h > 0 ? w * h : 0;
}

/**
 * The bounds to open a window with: the saved ones moved/shrunk into the work area they overlap most, or,
 * when nothing was saved or it is off every screen, the default size (capped at 90 % of the primary work
 * area) centred on the primary display.
 */
export function placeWindow(saved: Rect | undefined, preferred: { width: number; height: number }, workAreas: readonly Rect[]): Rect {
  const primary = workAreas[0] ?? { x: 0, y: 0, width: preferred.width, height: preferred.height };
  let area = primary;
  let bounds: Rect | null = null;
  if (saved) {
    const best = workAreas.map((a) => ({ a, visible: overlap(saved, a) })).sort((p, q) => q.visible - p.visible)[0];
    if (best && best.visible >= MIN_VISIBLE * MIN_VISIBLE) {
      area = best.a;
      bounds = { ...saved };
    }
  }
  if (!bounds) {
    const width = Math.min(preferred.width, Math.floor(area.width * 0.9));
    const height = Math.min(preferred.height, Math.floor(area.height * 0.9));
    bounds = { x: area.x + Math.round((area.width - width) / 2), y: area.y + Math.round((area.height - height) / 2), width, height };
  }
  const width = Math.min(bounds.width, area.width);
  const height = Math.min(bounds.height, area.height);
  const x = Math.min(Math.max(bounds.x, area.x), area.x + area.width - width);
  const y = Math.min(Math.max(bounds.y, area.y), area.y + area.height - height);
  return { x, y, width, height };
}

/** The saved states, read once; every change is written at once (atomically: temp file + rename). */
export class WindowStateStore {
  private states: Record<string, SavedWindowState>;

  constructor(private readonly file: string) {
    this.states = WindowStateStore.read(file);
  }

  private static read(file: string): Record<string, SavedWindowState> {
    try {
      const parsed = stateSchema.safeParse(JSON.parse(readFileSync(file, 'utf8')));
      return parsed.success ? parsed.data : {};
    } catch {
      return {};
    }
  }

  get(kind: string): SavedWindowState | undefined {
    return this.states[kind];
  }

  set(kind: string, state: SavedWindowState): void {
    this.states[kind] = { ...state, x: Math.round(state.x), y: Math.round(state.y), width: Math.round(state.width), height: Math.round(state.height) };
    try {
      mkdirSync(path.dirname(this.file), { recursive: true });
      const temp = `${this.file}.tmp`;
      writeFileSync(temp, JSON.stringify(this.states, null, 2));
      renameSync(temp, this.file);
    } catch {
      // Not being able to remember a window position is not worth an error.
    }
  }
}
