import 'reflect-metadata'
import cluster from 'node:cluster'
import { createServer, type Server } from 'node:http'
import { Server as NetServer, type AddressInfo } from 'node:net'
import { Redis } from 'ioredis'
import { createApp } from './app'
import { runPrimary } from './cluster/primary'
import { answerMetricsRequests, inClusterWorker, onPrimaryGone } from './cluster/worker'
import { checkJwtSecret } from './auth/secret-fingerprint'
import { startScheduledBackups } from './backup/schedule'
import { ConfigError, loadConfig, type AppConfig } from './config'
import { BackgroundWork } from './background'
import { closeDatabase, openDatabase } from './db/data-source'
import type { AppDeps } from './deps'
import { startExportSweep } from './domain/data-export'
import { ensureSiteSettings } from './domain/site-settings'
import { reindexSearchIfStale } from './domain/search-reindex'
import { createEventBus, registerEventBus } from './events/bus'
import { shareCacheInvalidation } from './events/cache-invalidation'
import { closeAllStreams } from './http/event-stream'
import { RequestGate } from './http/drain'
import { missingDataKeys, sealApplications } from './domain/identity'
import type { Logger } from 'pino'
import { createLogger } from './logger'
import { metricsRegistry } from './telemetry/metrics'
import { startOrphanSweep } from './media/lifecycle'
import { mediaStorage, sweepWorkDirs } from './media/storage'
import { warmImageProcess } from './media/images'
import { warmProviders } from './auth/oidc/providers'
import { seedDemoIfEmpty } from './seed/demo'
import { recordRoom } from './classroom/room'
import { CLASSROOM_RESET_EXIT_CODE, onClassroomReset } from './classroom/restart'
import { applyDemoAdminPassword, demoHashes, prepareDemo, type DemoProgress, type OnDemoProgress } from './seed/demo-prepare'

export interface RunningServer {
  url: string
  port: number
  deps: AppDeps
  /**
   * Clean stop. `lingerMs`: how long idle kept-alive connections stay open, once in-flight requests are done, for a
   * request on its way (the signal handler's stop under live traffic: IDLE_LINGER_MS; default 0, for servers
   * stopped in-process by the desktop app and the tests, whose own idle connections would only make it wait).
   */
  stop(options?: { lingerMs?: number }): Promise<void>
}

/** How long in-flight requests get to finish after SIGTERM before connections are cut. */
const SHUTDOWN_GRACE_MS = 10_000
/** How long a server stopped by a signal leaves idle kept-alive connections open for a request on its way (see stop). */
const IDLE_LINGER_MS = 1000

/** Resolves when `server` has no open connection left, or after `ms`. */
async function connectionsClosed(server: NetServer, ms: number): Promise<void> {
  const until = Date.now() + ms
  const open = () => new Promise<number>((resolve) => server.getConnections((err, n) => resolve(err ? 0 : n)))
  while (Date.now() < until && (await open()) > 0) await new Promise((resolve) => setTimeout(resolve, 20))
}

/** Where a browser on this machine reaches a server listening on `host`:`port`. */
function urlOf(configHost: string, port: number): string {
  const host = configHost.includes(':') ? `[${configHost}]` : configHost
  return `http://${host === '0.0.0.0' ? '127.0.0.1' : host}:${port}`
}

function describeDatabase(config: AppConfig): string {
  return config.database.kind === 'sqlite' ? `SQLite at ${config.database.url}` : `${config.database.kind} (DATABASE_URL)`
}

async function connectRedis(url: string | null, logger: Logger): Promise<Redis | null> {
  if (!url) return null
  const redis = new Redis(url, { lazyConnect: true, maxRetriesPerRequest: 2, enableOfflineQueue: false })
  await redis.connect()
  // While Redis is away ioredis reconnects by itself and reports each failed attempt here; requests that need
  // it meanwhile answer 503 (captcha/store.ts) or go without it (db/rate-limiter.ts). One line per outage.
  let down = false
  redis.on('error', (err: Error) => {
    if (!down) logger.warn({ err }, 'Redis (REDIS_URL) does not answer; reconnecting')
    down = true
  })
  redis.on('ready', () => {
    if (down) logger.info('Redis (REDIS_URL) answers again')
    down = false
  })
  return redis
}

export interface StartOptions {
  /** Progress of the demo preparation (SHILIU_DEMO=1), for the desktop app's start-up window. */
  onProgress?: OnDemoProgress
}

/** Open the database (running migrations), build the app and listen. Used by the CLI, Electron and tests. */
export async function startServer(config: AppConfig, options: StartOptions = {}): Promise<RunningServer> {
  const logger = createLogger(config.logLevel)
  const onProgress: OnDemoProgress = (progress) => {
    logger.debug({ component: 'demo', ...progress }, progress.message)
    options.onProgress?.(progress)
  }
  if (config.demo) {
    try {
      await prepareDemo(config, logger, onProgress)
    } catch (err) {
      throw new ConfigError(`Cannot prepare the demo data in ${config.dataDir}: ${(err as Error).message}`)
    }
  }
  let db
  try {
    db = await openDatabase(config.database)
  } catch (err) {
    throw new ConfigError(`Cannot open the database (${describeDatabase(config)}): ${(err as Error).message}`)
  }
  await checkJwtSecret(db, config).catch(async (err: unknown) => {
    await db.destroy()
    throw err
  })
  const keyProblem = await missingDataKeys({ db, config })
  if (keyProblem) {
    await db.destroy()
    throw new ConfigError(keyProblem)
  }
  let redis: Redis | null = null
  try {
    redis = await connectRedis(config.redisUrl, logger)
  } catch (err) {
    await db.destroy()
    throw new ConfigError(`Cannot connect to REDIS_URL: ${(err as Error).message}`)
  }
  const deps: AppDeps = { config, db, logger, redis, startedAt: Date.now(), background: new BackgroundWork(logger) }
  await ensureSiteSettings(db)
  // Announcements of committed writes (new notifications, ...) to this and every other instance.
  const events = await createEventBus(redis, logger)
  registerEventBus(db, events)
  const stopSharingInvalidation = shareCacheInvalidation(events)
  // Uploads a crash or kill interrupted left their work folders behind.
  const swept = await sweepWorkDirs(mediaStorage(config.uploadsDir))
  if (swept) logger.info({ swept }, 'removed work folders of interrupted uploads')
  if (config.demo) {
    await seedDemoIfEmpty(deps, () => demoHashes(config))
    await applyDemoAdminPassword(deps)
    // i18n-ignore: a start-up progress line for the operator's console
    onProgress({ step: 'ready', done: 1, total: 1, message: '演示数据已就绪' })
  }
  // Notes indexed by an older tokenizer are re-tokenised, in short batches (domain/search-reindex.ts).
  const reindexed = await reindexSearchIfStale(db)
  if (reindexed) logger.info({ reindexed }, 're-tokenised the search text of stored notes')
  // Verification applications stored before encryption at rest (or by the seed CLI) are sealed now.
  const sealed = await sealApplications(deps)
  if (sealed) logger.info({ sealed }, 'encrypted the personal data of stored verification applications')
  // Uploads nothing references, removed after the grace period (media/lifecycle.ts).
  const stopSweep = startOrphanSweep(deps)
  const stopExportSweep = startExportSweep(deps)
  // BACKUP_DIR: one backup per BACKUP_EVERY_HOURS, taken by one instance (server/backup/schedule.ts).
  const stopBackups = startScheduledBackups(deps)
  // OpenID providers (issue 39): discovered in the background; one that does not answer yet is tried again at a sign-in.
  warmProviders(deps)
  const app = createApp(deps)
  const gate = new RequestGate()
  const server: Server = createServer(gate.listener(app.callback()))
  await new Promise<void>((resolve, reject) => {
    // Two demos (or servers) on one port: say so instead of a stack trace.
    const onError = (err: NodeJS.ErrnoException) =>
      reject(err.code === 'EADDRINUSE' ? new ConfigError(`Port ${config.port} on ${config.host} is already in use (another Shiliu server or demo?): stop it, or start with another PORT`) : err)
    server.once('error', onError)
    server.listen(config.port, config.host, () => {
      server.off('error', onError)
      resolve()
    })
  })
  server.keepAliveTimeout = 65_000
  const port = (server.address() as AddressInfo).port
  // Classroom mode: where students go and the class code, for `npm run classroom`'s sheets (classroom/room.ts).
  if (config.classroom) await recordRoom(db, config.dataDir, urlOf(config.host, port), config.classroom.code)
  let stopping: Promise<void> | null = null
  return {
    url: urlOf(config.host, port),
    port,
    deps,
    stop: ({ lingerMs = 0 } = {}) =>
      (stopping ??= (async () => {
        stopSweep()
        stopExportSweep()
        // Stop accepting connections. Kept-alive ones stay open meanwhile (http's own close() would drop the
        // idle ones at once, and a request already on its way would meet a reset): a request on them gets
        // 503 + Connection: close. In-flight requests finish within the grace period, their replies
        // closing the connection too; then whatever is left is closed.
        const closed = new Promise<void>((resolve) => NetServer.prototype.close.call(server, () => resolve()))
        // Notification streams never finish by themselves: end them, their clients reconnect elsewhere.
        closeAllStreams(deps)
        const finished = await gate.drain(SHUTDOWN_GRACE_MS)
        if (!finished) logger.warn({ cut: gate.inFlightCount }, 'grace period over: cutting the requests still running')
        // A kept-alive connection still open here may be carrying its client's next request: closing it now
        // would meet that request with a reset (a process.test round under load: one write cut). Each gets up to
        // `lingerMs` to bring it (answered 503 + close, which closes the connection), then the rest close.
        await connectionsClosed(server, finished ? lingerMs : 0)
        server.closeAllConnections()
        await closed
        // Exports being built and mails leaving finish, within the grace period (a build cut short is
        // marked failed by the next start's sweep).
        if (!(await deps.background.settled(SHUTDOWN_GRACE_MS))) logger.warn({ cut: deps.background.size }, 'grace period over: background work cut short')
        stopSharingInvalidation()
        await events.close()
        redis?.disconnect()
        // A backup under way finishes first (it reads the database through connections of its own).
        await stopBackups()
        // Buffered views and queued writes go through the writer, the WAL is merged into the database
        // file, then every connection closes.
        await closeDatabase(db, { checkpoint: true })
      })()),
  }
}

/** Electron's utility process exposes parentPort; the desktop app waits for its messages. */
interface ParentPort {
  postMessage(message: unknown): void
}

/** Messages the server process posts to the desktop app (utility process only). */
export type ParentMessage = { type: 'ready'; port: number } | ({ type: 'progress' } & DemoProgress)

function parentPort(): ParentPort | undefined {
  return (process as unknown as { parentPort?: ParentPort }).parentPort
}

/** What the server prints once it serves (scripts and the browser tests wait for its first line). */
function banner(url: string, config: AppConfig, workers: number): string {
  const served = workers > 1 ? `\n  workers:    ${workers} processes` : ''
  return `Shiliu server listening on ${url}\n  member app: ${url}/\n  admin app:  ${url}/admin\n  database:   ${describeDatabase(config)}${served}\n`
}

/**
 * The server process: read the environment, start, print where it listens, tell the desktop app (when run as
 * an Electron utility process), stop cleanly on SIGTERM/SIGINT. Called unconditionally by the entry module
 * (server/cli/serve.ts → dist/server/main.js), so nothing depends on how the entry's path is spelled
 * (Windows drive letters and backslashes, symlinks, spaces, CJK folder names).
 *
 * WORKERS > 1 (never in the desktop app): this process becomes the cluster's primary (cluster/primary.ts) and
 * each worker runs this function again as one server; it then takes its stop from the primary (SIGTERM, from
 * the moment it starts) and leaves the banner to it. Resolves with the running server, or null in the primary.
 */
export async function runServerProcess(env: NodeJS.ProcessEnv = process.env): Promise<RunningServer | null> {
  const port = parentPort()
  const worker = inClusterWorker()
  let config: AppConfig
  let running: RunningServer
  // A worker may be asked to stop while it is still starting (the server stops just after replacing it).
  let stopAsked = false
  let shutdown = (_reason: string, _exitCode?: number) => void (stopAsked = true)
  if (worker) {
    // The primary stops its workers with SIGTERM; a terminal's Ctrl-C reaches them too. Either way, one stop.
    process.on('SIGTERM', () => shutdown('SIGTERM'))
    process.on('SIGINT', () => shutdown('SIGINT'))
    onPrimaryGone(() => shutdown('disconnect'))
  }
  try {
    config = loadConfig(env)
    if (config.workers > 1 && cluster.isPrimary && !port) {
      const workers = config.workers
      await runPrimary({ workers, announce: (shared) => process.stdout.write(banner(urlOf(config.host, shared), config, workers)) })
      return null
    }
    running = await startServer(config, { onProgress: (progress) => port?.postMessage({ type: 'progress', ...progress } satisfies ParentMessage) })
  } catch (err) {
    const message = err instanceof ConfigError ? err.message : `Failed to start: ${(err as Error).stack ?? err}`
    process.stderr.write(`${message}\n`)
    process.exit(1)
  }
  // The image process starts now, not with the first upload (which would wait for it).
  void warmImageProcess()
  let stopping = false
  shutdown = (reason: string, exitCode = 0) => {
    // A second signal while stopping means "now": exit without waiting. A worker leaves that to its primary
    // (a terminal's Ctrl-C reaches it directly and through the primary: one stop, not two signals).
    if (stopping) {
      if (!worker) process.exit(1)
      return
    }
    stopping = true
    if (!worker) process.stdout.write(`${reason} received, shutting down...\n`)
    running.stop({ lingerMs: IDLE_LINGER_MS }).then(
      () => process.exit(exitCode),
      (err) => {
        process.stderr.write(`Shutdown error: ${(err as Error).message}\n`)
        process.exit(1)
      },
    )
  }
  if (worker) {
    answerMetricsRequests(metricsRegistry)
    if (stopAsked) shutdown('SIGTERM')
    return running
  }
  process.on('SIGTERM', () => shutdown('SIGTERM'))
  process.on('SIGINT', () => shutdown('SIGINT'))
  // Classroom mode: the back-office's reset stops this process for the demo script to reset and restart it.
  if (config.classroom) onClassroomReset(() => shutdown('classroom reset', CLASSROOM_RESET_EXIT_CODE))
  // Announced only once a signal would stop it cleanly.
  process.stdout.write(banner(running.url, config, 1))
  port?.postMessage({ type: 'ready', port: running.port } satisfies ParentMessage)
  return running
}
