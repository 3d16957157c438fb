/**
 * electron-vite builds only the Electron main process and the preload script.
 * The renderer is built separately by vite (vite.config.ts → dist/renderer),
 * the server by esbuild (dist/server/main.js).
 *
 *   dist/electron/main/index.js     ESM (package.json "type": "module"); package.json "main" points here
 *   dist/electron/preload/index.cjs CommonJS, one self-contained file: required by `sandbox: true`
 */
import { resolve } from 'node:path';
import { defineConfig } from 'electron-vite';

const root = import.meta.dirname;

export default defineConfig({
  main: {
    build: {
      outDir: resolve(root, 'dist/electron/main'),
      emptyOutDir: true,
      sourcemap: true,
      // Runtime dependencies (zod) stay in node_modules, packaged by electron-builder.
      externalizeDeps: true,
      lib: { entry: resolve(root, 'electron/main/index.ts'), formats: ['es'] },
      rolldownOptions: { output: { entryFileNames: 'index.js' } },
    },
  },
  preload: {
    build: {
      outDir: resolve(root, 'dist/electron/preload'),
      emptyOutDir: true,
      // A sandboxed preload can only require('electron'): bundle everything else.
      externalizeDeps: false,
      lib: { entry: resolve(root, 'electron/preload/index.ts'), formats: ['cjs'] },
      rolldownOptions: { output: { entryFileNames: 'index.cjs' } },
    },
  },
});
