import fs from 'node:fs'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import react from '@vitejs/plugin-react'
import { defineConfig, type Connect, type Plugin } from 'vite'
import { bundleReport } from './scripts/vite/bundle-report'
import { precompress } from './scripts/vite/precompress'

const here = path.dirname(fileURLToPath(import.meta.url))
const rendererDir = path.resolve(here, 'renderer')
const memberHtml = path.resolve(rendererDir, 'member.html')
const adminHtml = path.resolve(rendererDir, 'admin.html')
/** The desktop app's own pages (start-up, settings), served only by its app:// protocol. */
const desktopHtml = path.resolve(rendererDir, 'desktop.html')
const apiTarget = 'http://127.0.0.1:3000'
const outDir = path.resolve(here, 'dist/renderer')
/** gzip bytes (JS + CSS) of a page's first load; the build fails above them (scripts/vite/bundle-report.ts). */
const budgets = { member: 150_000 }

/** The admin app is written by another engineer; build it only once its entry exists. */
function rollupInputs(): Record<string, string> {
  const inputs: Record<string, string> = { member: memberHtml }
  if (fs.existsSync(adminHtml)) inputs.admin = adminHtml
  if (fs.existsSync(desktopHtml)) inputs.desktop = desktopHtml
  return inputs
}

/** Dev/preview SPA fallback for two apps: /admin/** → admin.html, any other page route → member.html. */
function spaFallback(): Plugin {
  const rewrite: Connect.NextHandleFunction = (req, _res, next) => {
    const url = req.url ?? '/'
    const pathname = url.split('?')[0] ?? '/'
    const accept = req.headers.accept ?? ''
    const isPage = (req.method === 'GET' || req.method === 'HEAD') && accept.includes('text/html')
    const isAsset = /\.[a-z0-9]+$/i.test(pathname) || pathname.startsWith('/@') || pathname.startsWith('/api') || pathname.startsWith('/uploads')
    if (isPage && !isAsset) {
      const query = url.slice(pathname.length)
      const isAdmin = (pathname === '/admin' || pathname.startsWith('/admin/')) && fs.existsSync(adminHtml)
      req.url = (isAdmin ? '/admin.html' : '/member.html') + query
    }
    next()
  }
  return {
    name: 'shiliu-spa-fallback',
    configureServer(server) {
      server.middlewares.use(rewrite)
    },
    configurePreviewServer(server) {
      server.middlewares.use(rewrite)
    },
  }
}

const proxy = {
  '/api': { target: apiTarget, changeOrigin: true },
  '/uploads': { target: apiTarget, changeOrigin: true },
}

export default defineConfig({
  root: rendererDir,
  base: '/',
  appType: 'mpa',
  plugins: [react(), spaFallback(), bundleReport(budgets), precompress(outDir)],
  build: {
    outDir,
    // Sizes of each page's first load are printed by bundleReport (gzip of every chunk would be counted twice).
    reportCompressedSize: false,
    emptyOutDir: true,
    rollupOptions: {
      input: rollupInputs(),
      // react-dom in a chunk of its own name: left to itself the bundler named the shared chunk after the
      // smallest module in it (common/desktop/bridge.ts), and "bridge" read as desktop code every page loads.
      output: { codeSplitting: { groups: [{ name: 'react-dom', test: /[\\/]node_modules[\\/](react-dom|scheduler)[\\/]/ }] } },
    },
  },
  resolve: {
    // react-router 7 exports its development build to every bundler (remix-run/react-router#12532, #14102):
    // dev warnings and their strings in production. Its production build is the same API without them.
    alias: [{ find: /^react-router$/, replacement: path.resolve(here, 'node_modules/react-router/dist/production/index.mjs') }],
  },
  server: { proxy },
  preview: { proxy },
})
