/** Where the generated files go. */
import { mkdirSync, rmSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const REPO_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');

/** The output files under a root laid out like the repository (the repository itself by default). */
export function outputLayout(root: string) {
  const resources = path.join(root, 'resources');
  const demo = path.join(resources, 'demo');
  return {
    resources,
    demo,
    images: path.join(demo, 'images'),
    thumbs: path.join(demo, 'thumbs'),
    small: path.join(demo, 'small'),
    avatars: path.join(demo, 'avatars'),
    videos: path.join(demo, 'videos'),
    defaultAvatar: path.join(resources, 'default-avatar.webp'),
    placeholder: path.join(resources, 'placeholder.webp'),
    manifest: path.join(root, 'server', 'seed', 'media-manifest.ts'),
  };
}
export type OutputLayout = ReturnType<typeof outputLayout>;

/** Empties (or creates) a directory. */
export function freshDir(dir: string): void {
  rmSync(dir, { recursive: true, force: true });
  mkdirSync(dir, { recursive: true });
}
