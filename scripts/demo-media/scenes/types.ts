import type { Palette } from '../color';
import type { Rand } from '../rand';
import type { Svg } from '../svg';

/** What a scene draws with. A scene fills the whole frame; the caption is added afterwards. */
export interface SceneCtx {
  svg: Svg;
  r: Rand;
  p: Palette;
  /** Variant number (the image's position within its scene): picks day/night, bowl/tray, … */
  v: number;
  /** Animation time in seconds (videos only). */
  t: number;
}

export type Scene = (c: SceneCtx) => void;
