/**
 * Setup of every server test file (vitest.config.ts). The server projects run without isolation: a worker
 * keeps the server's modules loaded from one test file to the next. Each file starts its own server on its
 * own data directory and database, so what could carry over is the process-wide state of those modules;
 * this starts each file with it as a fresh process has it:
 *   - the cached list totals and search chips are dropped, and the list generation moves on, which retires
 *     the visitors' reply micro-cache (http/middlewares/public-cache.ts) and the shared visitor note details
 *     (domain/visitor-detail.ts) too.
 * Everything else the server caches is kept per DataSource or per AppDeps (WeakMaps), per JWT secret (each
 * test server has its own), or is a fact of the machine (ffmpeg found, the native SQLite module).
 */
import { invalidateFeedCounts } from '../../server/db/list-cache'

invalidateFeedCounts()
