import { randomBytes } from 'node:crypto'
import { chmodSync, mkdirSync, existsSync } from 'node:fs'
import { availableParallelism } from 'node:os'
import path from 'node:path'
import { z } from 'zod'
import { fixed, known } from './i18n/message'
import { DataKeyError, loadKeyring, type DataKeyring } from './security/data-key'
import { readOrCreateSecretFile } from './security/secret-file'
import { PUBLISHED_DEMO_PASSWORDS } from './contract/demo-passwords'

export type DatabaseKind = 'sqlite' | 'postgres' | 'mysql'

export interface DatabaseConfig {
  kind: DatabaseKind
  /** SQLite file path, or the connection URL for PostgreSQL / MySQL. */
  url: string
}

export interface RateLimitConfig {
  /** Requests per minute per client for login / register / captcha, and writes per user. */
  authPerMinute: number
  captchaPerMinute: number
  writesPerMinute: number
  /** check-user-id and search, per client address. */
  lookupsPerMinute: number
  /** Failed logins of one account (member or admin) per 10 minutes before it is locked for the rest of them. */
  loginFailuresPerAccount: number
}

export interface AppConfig {
  host: string
  port: number
  /** Processes serving the port (WORKERS: a number, or auto = one per core; default 1). See server/cluster/. */
  workers: number
  dataDir: string
  uploadsDir: string
  database: DatabaseConfig
  jwtSecret: string
  /** Keys that encrypt personal data at rest (server/security/data-key.ts). */
  dataKeys: DataKeyring
  media: MediaConfig
  /** JWT_SECRET_CHANGED=1: accept a deliberately changed secret (server/auth/secret-fingerprint.ts). */
  jwtSecretChanged: boolean
  /** Proxies in front of the server that append to X-Forwarded-For (0: use the socket address). */
  trustProxy: number
  redisUrl: string | null
  demo: boolean
  /** Test-only: the captcha reply also carries its text (never enable in production). */
  exposeCaptchaText: boolean
  rateLimits: RateLimitConfig
  logLevel: string
  /** Directory holding the built renderers (member.html, admin.html, assets/). */
  rendererDir: string
  /**
   * Other origins whose pages may call the API from a browser (CORS_ORIGINS): none by default, since the
   * apps the server serves itself are same-origin; `app://shiliu` for desktop clients; `*` for any.
   */
  corsOrigins: string[]
  /** Host names the server answers to (ALLOWED_HOSTS; empty = any). The desktop app's server: loopback only. */
  allowedHosts: string[]
  /** The demo administrator's password (SHILIU_DEMO_ADMIN_PASSWORD; the desktop app's per-installation one). */
  demoAdminPassword: string | null
  /** Test-only: freeze the demo preparation at this point (server/seed/demo-prepare.ts). */
  testDemoStallAt: string | null
  /** Open notification streams this instance serves at most (STREAM_MAX_CONNECTIONS, default 2000); 503 beyond. */
  streamMaxConnections: number
  /** Seconds between heartbeats on an idle stream (test-only override SHILIU_STREAM_HEARTBEAT_SECONDS; 25). */
  streamHeartbeatSeconds: number
  /** Scheduled backups (BACKUP_DIR, BACKUP_EVERY_HOURS, BACKUP_KEEP); null when BACKUP_DIR is unset. */
  backup: BackupConfig | null
  /** Bearer token of GET /api/metrics (METRICS_TOKEN); null: the route answers 404. */
  metricsToken: string | null
  /** Email (SMTP_URL, MAIL_FROM, EMAIL_REQUIRED_FOR_REGISTRATION); null when SMTP_URL is unset (email off). */
  mail: MailConfig | null
  /** OpenID Connect providers members may sign in with (issue 39, docs/identity.md); empty when none. */
  oidc: OidcProviderConfig[]
  /**
   * The address members reach the server at (PUBLIC_URL, e.g. https://shiliu.example.edu): the base of the
   * OpenID callback. Null: the request's own origin (behind a proxy, with TRUST_PROXY set).
   */
  publicUrl: string | null
  /**
   * Classroom mode (issue 43, docs/classroom.md): only from the environment of the process (`npm run demo --
   * --classroom` sets it), never from a request. null: off.
   */
  classroom: ClassroomConfig | null
}

export interface OidcProviderConfig {
  /** The provider's id in URLs and in user_identities (`campus` for the one set by OIDC_ISSUER). */
  id: string
  issuer: string
  clientId: string
  clientSecret: string | null
  /** Display name (OIDC_NAME) and the login button's text (OIDC_BUTTON_TEXT, default 使用{name}登录). */
  name: string
  buttonText: string
  scopes: string
  /** Email domains whose members may sign in (OIDC_ALLOWED_DOMAINS; empty: any). */
  allowedDomains: string[]
  /** A group the member must be in (OIDC_REQUIRED_GROUP), read from the claim OIDC_GROUP_CLAIM (default groups). */
  requiredGroup: string | null
  groupClaim: string
}

export interface ClassroomConfig {
  /** The code students type to register (SHILIU_CLASSROOM_CODE), shown to the teacher. */
  code: string
  /** The secret path segment of the teacher's pages (SHILIU_CLASSROOM_KEY): /classroom/<key>/. */
  teacherKey: string
  /** Phones expected behind the room's one address (SHILIU_CLASSROOM_SEATS, default 60): per-address budgets × seats. */
  seats: number
}

export interface MailConfig {
  /** An smtp:// or smtps:// URL for nodemailer, or `outbox`: each message becomes a file in DATA_DIR/outbox/. */
  smtpUrl: string
  /** The sender address (MAIL_FROM; default 石榴 <no-reply@localhost>). */
  from: string
  /** EMAIL_REQUIRED_FOR_REGISTRATION=1: registration needs `email` + `emailCode`. */
  requiredForRegistration: boolean
  /** Seconds between two codes to one address for one purpose (EMAIL_CODE_INTERVAL_SECONDS, default 60). */
  intervalSeconds: number
  /** Codes to one address for one purpose per day (EMAIL_CODES_PER_DAY, default 10). */
  perDay: number
}

export interface BackupConfig {
  /** Where the scheduled backups go, one folder each (server/backup/schedule.ts). */
  dir: string
  /** One backup per period of this length (BACKUP_EVERY_HOURS, default 24). */
  everyMs: number
  /** How many of the newest backups are kept (BACKUP_KEEP, default 7). */
  keep: number
}

export interface MediaConfig {
  /** Bytes of uploads a member may keep (MEDIA_QUOTA_MB, default 500 MB). */
  quotaBytes: number
  /** Uploads per member per hour (MEDIA_UPLOADS_PER_HOUR, default 120). */
  uploadsPerHour: number
  /** Uploads nothing references are removed after this long (MEDIA_ORPHAN_GRACE_HOURS, default 24). */
  orphanGraceMs: number
  /** How often the orphan sweep runs (MEDIA_SWEEP_MINUTES, default 60; 0 = never). */
  sweepIntervalMs: number
}

export class ConfigError extends Error {
  override name = 'ConfigError'
}

const flag = z
  .enum(['0', '1', 'true', 'false', ''])
  .optional()
  .transform((v) => v === '1' || v === 'true')

/** WORKERS beyond this is a typo, not a server (each worker holds its own connections and caches). */
const MAX_WORKERS = 64

const envSchema = z.object({
  HOST: z.string().min(1).default('127.0.0.1'),
  PORT: z.coerce.number().int().min(0, 'PORT must be 0-65535').max(65535, 'PORT must be 0-65535').default(3000),
  DATA_DIR: z.string().min(1).default('./data'),
  WORKERS: z
    .string()
    .optional()
    .transform((v, ctx) => {
      const value = (v ?? '').trim().toLowerCase()
      if (value === '') return 1
      if (value === 'auto') return availableParallelism()
      if (/^\d+$/.test(value) && Number(value) >= 1 && Number(value) <= MAX_WORKERS) return Number(value)
      ctx.addIssue({ code: 'custom', message: `WORKERS must be auto or a whole number from 1 to ${MAX_WORKERS}` })
      return z.NEVER
    }),
  DATABASE_URL: z
    .string()
    .optional()
    .refine((v) => !v || /^(postgres|postgresql|mysql|mariadb):\/\/.+/.test(v), {
      message: 'DATABASE_URL must start with postgres:// or mysql:// (leave it unset for embedded SQLite)',
    }),
  JWT_SECRET: z.string().min(32, 'JWT_SECRET must be at least 32 characters').optional(),
  JWT_SECRET_CHANGED: flag,
  TRUST_PROXY: z
    .string()
    .optional()
    .transform((v, ctx) => {
      const value = (v ?? '').trim().toLowerCase()
      if (value === '' || value === 'false') return 0
      if (/^\d{1,2}$/.test(value)) return Number(value)
      ctx.addIssue({
        code: 'custom',
        message:
          `"${v}" is not a number of proxies. Set TRUST_PROXY to how many proxies in front of Shiliu add to X-Forwarded-For ` +
          '(0 or unset: none, 1: one nginx, 2: a load balancer and nginx). "true" is refused on purpose: trusting every ' +
          'address in the header would let any client choose its own address.',
      })
      return z.NEVER
    }),
  REDIS_URL: z
    .string()
    .optional()
    .refine((v) => !v || /^rediss?:\/\/.+/.test(v), { message: 'REDIS_URL must start with redis:// or rediss://' }),
  SHILIU_DEMO: flag,
  SHILIU_TEST_CAPTCHA: flag,
  RATE_LIMIT_AUTH_PER_MINUTE: z.coerce.number().int().positive().default(20),
  RATE_LIMIT_CAPTCHA_PER_MINUTE: z.coerce.number().int().positive().default(30),
  RATE_LIMIT_WRITES_PER_MINUTE: z.coerce.number().int().positive().default(120),
  RATE_LIMIT_LOOKUPS_PER_MINUTE: z.coerce.number().int().positive().default(120),
  LOGIN_FAILURES_PER_ACCOUNT: z.coerce.number().int().positive().default(10),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  SHILIU_RENDERER_DIR: z.string().optional(),
  CORS_ORIGINS: z
    .string()
    .optional()
    .transform((v) => list(v).map((o) => o.replace(/\/+$/, '').toLowerCase()))
    .refine((origins) => origins.every((o) => o === '*' || ORIGIN.test(o)), {
      message: 'CORS_ORIGINS must be a comma-separated list of origins such as https://shiliu.example.edu or app://shiliu (or *)',
    }),
  ALLOWED_HOSTS: z
    .string()
    .optional()
    .transform((v) => list(v).map((h) => h.toLowerCase()))
    .refine((hosts) => hosts.every((h) => /^[a-z0-9.:[\]-]+$/.test(h)), { message: 'ALLOWED_HOSTS must be a comma-separated list of host names' }),
  SHILIU_DEMO_ADMIN_PASSWORD: z.string().min(8, 'SHILIU_DEMO_ADMIN_PASSWORD must be at least 8 characters').max(128).optional(),
  SHILIU_TEST_DEMO_STALL_AT: z.string().optional(),
  SHILIU_DATA_KEY: z.string().optional(),
  SHILIU_DATA_KEYS_OLD: z.string().optional(),
  MEDIA_QUOTA_MB: z.coerce.number().positive().default(500),
  MEDIA_UPLOADS_PER_HOUR: z.coerce.number().int().positive().default(120),
  MEDIA_ORPHAN_GRACE_HOURS: z.coerce.number().min(0).default(24),
  MEDIA_SWEEP_MINUTES: z.coerce.number().min(0).default(60),
  STREAM_MAX_CONNECTIONS: z.coerce.number().int().min(1).default(2000),
  SHILIU_STREAM_HEARTBEAT_SECONDS: z.coerce.number().min(0.05).default(25),
  BACKUP_DIR: z.string().optional(),
  METRICS_TOKEN: z.string().min(16, 'METRICS_TOKEN must be at least 16 characters (it guards GET /api/metrics)').optional().or(z.literal('')),
  BACKUP_EVERY_HOURS: z.coerce
    .number()
    .positive('BACKUP_EVERY_HOURS must be a positive number of hours (24: daily, 0.5: every half hour)')
    .optional(),
  BACKUP_KEEP: z.coerce.number().int().min(1, 'BACKUP_KEEP must be a whole number of backups to keep, at least 1').optional(),
  SMTP_URL: z
    .string()
    .optional()
    .refine((v) => !v || v === 'outbox' || /^smtps?:\/\/.+/.test(v), { message: 'SMTP_URL must start with smtp:// or smtps:// (or be "outbox" for offline demos)' }),
  MAIL_FROM: z.string().max(200).optional(),
  EMAIL_REQUIRED_FOR_REGISTRATION: flag,
  EMAIL_CODE_INTERVAL_SECONDS: z.coerce.number().int().min(1).default(60),
  EMAIL_CODES_PER_DAY: z.coerce.number().int().min(1).default(10),
  PUBLIC_URL: z
    .string()
    .optional()
    .refine((v) => !v || /^https?:\/\/[^/?#\s]+\/?$/.test(v), { message: 'PUBLIC_URL must be the origin members reach the server at, such as https://shiliu.example.edu' }),
  OIDC_ISSUER: z.string().url('OIDC_ISSUER must be the issuer URL of the OpenID provider').optional().or(z.literal('')),
  OIDC_CLIENT_ID: z.string().optional(),
  OIDC_CLIENT_SECRET: z.string().optional(),
  OIDC_NAME: z.string().max(32).optional(),
  OIDC_BUTTON_TEXT: z.string().max(32).optional(),
  OIDC_SCOPES: z.string().optional(),
  OIDC_ALLOWED_DOMAINS: z.string().optional(),
  OIDC_REQUIRED_GROUP: z.string().optional(),
  OIDC_GROUP_CLAIM: z.string().optional(),
  SHILIU_CLASSROOM: flag,
  SHILIU_CLASSROOM_CODE: z
    .string()
    .regex(/^[A-Z0-9]{4,12}$/, 'SHILIU_CLASSROOM_CODE must be 4-12 capital letters or digits')
    .optional(),
  SHILIU_CLASSROOM_KEY: z.string().regex(/^[A-Za-z0-9_-]{22,}$/, 'SHILIU_CLASSROOM_KEY must be at least 22 URL-safe characters (a random secret)').optional(),
  SHILIU_CLASSROOM_SEATS: z.coerce.number().int().min(1).max(500).default(60),
})

/** scheme://host[:port], nothing after it (URL.origin is "null" for custom schemes such as app://). */
const ORIGIN = /^[a-z][a-z0-9+.-]*:\/\/[^/?#\s@]+$/

function list(value: string | undefined): string[] {
  return (value ?? '')
    .split(',')
    .map((item) => item.trim())
    .filter((item) => item !== '')
}

function databaseFromUrl(url: string | undefined, dataDir: string): DatabaseConfig {
  if (!url) return { kind: 'sqlite', url: path.join(dataDir, 'shiliu.sqlite') }
  return { kind: url.startsWith('postgres') ? 'postgres' : 'mysql', url }
}

/** The JWT secret: from the environment, or generated once and kept (mode 600) in the data directory. */
function resolveJwtSecret(explicit: string | undefined, dataDir: string): string {
  if (explicit) return explicit
  return readOrCreateSecretFile(path.join(dataDir, 'jwt-secret'), () => randomBytes(48).toString('base64url')).trim()
}

/** Scheduled backups: refused when they could not work (no BACKUP_DIR, or one inside DATA_DIR). */
function backupConfig(e: z.infer<typeof envSchema>, dataDir: string, cwd: string): BackupConfig | null {
  if (!e.BACKUP_DIR) {
    if (e.BACKUP_EVERY_HOURS !== undefined || e.BACKUP_KEEP !== undefined) {
      throw new ConfigError('Invalid configuration:\n  - BACKUP_EVERY_HOURS and BACKUP_KEEP need BACKUP_DIR, the folder scheduled backups are written to')
    }
    return null
  }
  const dir = path.resolve(cwd, e.BACKUP_DIR)
  const relative = path.relative(dataDir, dir)
  if (relative === '' || (!relative.startsWith('..') && !path.isAbsolute(relative))) {
    throw new ConfigError(
      `Invalid configuration:\n  - BACKUP_DIR ${dir} is inside DATA_DIR ${dataDir}: a backup there is lost with the data it protects, ` +
        'and a restore needs an empty DATA_DIR. Put BACKUP_DIR outside DATA_DIR, ideally on another disk.',
    )
  }
  return { dir, everyMs: Math.round((e.BACKUP_EVERY_HOURS ?? 24) * 3600_000), keep: e.BACKUP_KEEP ?? 7 }
}

function problems(error: z.ZodError): ConfigError {
  return new ConfigError(`Invalid configuration:\n${error.issues.map((i) => `  - ${i.path.join('.')}: ${i.message}`).join('\n')}`)
}

/**
 * DATA_DIR and the database of the environment, read without creating anything (no DATA_DIR, no secrets):
 * for `npm run restore`, whose target must stay empty until the restore fills it.
 */
export function loadRestoreTarget(env: NodeJS.ProcessEnv = process.env, cwd = process.cwd()): { dataDir: string; database: DatabaseConfig } {
  const parsed = envSchema.pick({ DATA_DIR: true, DATABASE_URL: true }).safeParse(env)
  if (!parsed.success) throw problems(parsed.error)
  const dataDir = path.resolve(cwd, parsed.data.DATA_DIR)
  return { dataDir, database: databaseFromUrl(parsed.data.DATABASE_URL, dataDir) }
}

function mailConfig(e: z.infer<typeof envSchema>): MailConfig | null {
  if (!e.SMTP_URL) {
    if (e.EMAIL_REQUIRED_FOR_REGISTRATION) {
      throw new ConfigError('Invalid configuration:\n  - EMAIL_REQUIRED_FOR_REGISTRATION needs SMTP_URL (the codes are sent by email)')
    }
    return null
  }
  return {
    smtpUrl: e.SMTP_URL,
    // i18n-ignore: the sender's display name, one per site
    from: e.MAIL_FROM || '石榴 <no-reply@localhost>',
    requiredForRegistration: e.EMAIL_REQUIRED_FOR_REGISTRATION,
    intervalSeconds: e.EMAIL_CODE_INTERVAL_SECONDS,
    perDay: e.EMAIL_CODES_PER_DAY,
  }
}

/** The provider set by OIDC_ISSUER (issue 39); more providers come from the back-office later. */
function oidcConfig(e: z.infer<typeof envSchema>): OidcProviderConfig[] {
  if (!e.OIDC_ISSUER) return []
  if (!e.OIDC_CLIENT_ID) throw new ConfigError('Invalid configuration:\n  - OIDC_ISSUER needs OIDC_CLIENT_ID (the client registered for Shiliu at the provider)')
  // The default name and button text are catalogue messages (shown in the member's language, http/member/auth/oidc.ts);
  // names and texts the operator sets are shown as set.
  const operatorName = e.OIDC_NAME?.trim()
  const name = operatorName || '统一身份认证'
  return [
    {
      id: 'campus',
      issuer: e.OIDC_ISSUER,
      clientId: e.OIDC_CLIENT_ID,
      clientSecret: e.OIDC_CLIENT_SECRET || null,
      name,
      buttonText: e.OIDC_BUTTON_TEXT?.trim() || fixed('使用{name}登录', { name: operatorName || known(name) }),
      scopes: e.OIDC_SCOPES?.trim() || 'openid profile email',
      allowedDomains: list(e.OIDC_ALLOWED_DOMAINS).map((d) => d.replace(/^@/, '').toLowerCase()),
      requiredGroup: e.OIDC_REQUIRED_GROUP?.trim() || null,
      groupClaim: e.OIDC_GROUP_CLAIM?.trim() || 'groups',
    },
  ]
}

/**
 * Classroom mode needs the demo, a class code, a teacher key and an administrator password of its own: the
 * demo script generates all three (scripts/demo.mjs); a server never invents them behind the teacher's back.
 */
function classroomConfig(e: z.infer<typeof envSchema>): ClassroomConfig | null {
  if (!e.SHILIU_CLASSROOM) return null
  const missing = [
    !e.SHILIU_DEMO && 'SHILIU_CLASSROOM needs SHILIU_DEMO=1 (classroom mode is a mode of the demo)',
    !e.SHILIU_CLASSROOM_CODE && 'SHILIU_CLASSROOM needs SHILIU_CLASSROOM_CODE (the class code students register with)',
    !e.SHILIU_CLASSROOM_KEY && 'SHILIU_CLASSROOM needs SHILIU_CLASSROOM_KEY (the secret of the teacher pages)',
    !e.SHILIU_DEMO_ADMIN_PASSWORD && 'SHILIU_CLASSROOM needs SHILIU_DEMO_ADMIN_PASSWORD (a fresh administrator password)',
    e.SHILIU_DEMO_ADMIN_PASSWORD && PUBLISHED_DEMO_PASSWORDS.includes(e.SHILIU_DEMO_ADMIN_PASSWORD) && 'SHILIU_DEMO_ADMIN_PASSWORD must not be a published demo password',
  ].filter((m): m is string => typeof m === 'string')
  if (missing.length) throw new ConfigError(`Invalid configuration:\n${missing.map((m) => `  - ${m}`).join('\n')}`)
  return { code: e.SHILIU_CLASSROOM_CODE!, teacherKey: e.SHILIU_CLASSROOM_KEY!, seats: e.SHILIU_CLASSROOM_SEATS }
}

/** Parse and check the environment; throws ConfigError with every problem listed. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env, cwd = process.cwd()): AppConfig {
  const parsed = envSchema.safeParse(env)
  if (!parsed.success) throw problems(parsed.error)
  const e = parsed.data
  const dataDir = path.resolve(cwd, e.DATA_DIR)
  const backup = backupConfig(e, dataDir, cwd)
  const mail = mailConfig(e)
  const oidc = oidcConfig(e)
  const classroom = classroomConfig(e)
  try {
    // Owner-only: the database, the uploads and the secrets live here.
    const created = !existsSync(dataDir)
    mkdirSync(path.join(dataDir, 'uploads'), { recursive: true, mode: 0o700 })
    if (created) chmodSync(dataDir, 0o700)
  } catch (err) {
    throw new ConfigError(`DATA_DIR ${dataDir} cannot be created: ${(err as Error).message}`)
  }
  let dataKeys: DataKeyring
  try {
    dataKeys = loadKeyring(dataDir, e)
  } catch (err) {
    if (err instanceof DataKeyError) throw new ConfigError(`Invalid configuration:\n  - ${err.message}`)
    throw err
  }
  return {
    host: e.HOST,
    port: e.PORT,
    workers: e.WORKERS,
    dataDir,
    uploadsDir: path.join(dataDir, 'uploads'),
    database: databaseFromUrl(e.DATABASE_URL, dataDir),
    jwtSecret: resolveJwtSecret(e.JWT_SECRET, dataDir),
    dataKeys,
    media: {
      quotaBytes: Math.round(e.MEDIA_QUOTA_MB * 1024 * 1024),
      uploadsPerHour: e.MEDIA_UPLOADS_PER_HOUR,
      orphanGraceMs: Math.round(e.MEDIA_ORPHAN_GRACE_HOURS * 3600_000),
      sweepIntervalMs: Math.round(e.MEDIA_SWEEP_MINUTES * 60_000),
    },
    streamMaxConnections: e.STREAM_MAX_CONNECTIONS,
    streamHeartbeatSeconds: e.SHILIU_STREAM_HEARTBEAT_SECONDS,
    jwtSecretChanged: e.JWT_SECRET_CHANGED,
    trustProxy: e.TRUST_PROXY,
    redisUrl: e.REDIS_URL || null,
    demo: e.SHILIU_DEMO,
    exposeCaptchaText: e.SHILIU_TEST_CAPTCHA,
    rateLimits: {
      authPerMinute: e.RATE_LIMIT_AUTH_PER_MINUTE,
      captchaPerMinute: e.RATE_LIMIT_CAPTCHA_PER_MINUTE,
      writesPerMinute: e.RATE_LIMIT_WRITES_PER_MINUTE,
      lookupsPerMinute: e.RATE_LIMIT_LOOKUPS_PER_MINUTE,
      loginFailuresPerAccount: e.LOGIN_FAILURES_PER_ACCOUNT,
    },
    logLevel: e.LOG_LEVEL,
    rendererDir: path.resolve(cwd, e.SHILIU_RENDERER_DIR ?? 'dist/renderer'),
    corsOrigins: e.CORS_ORIGINS,
    allowedHosts: e.ALLOWED_HOSTS,
    demoAdminPassword: e.SHILIU_DEMO_ADMIN_PASSWORD ?? null,
    testDemoStallAt: e.SHILIU_TEST_DEMO_STALL_AT || null,
    backup,
    metricsToken: e.METRICS_TOKEN || null,
    mail,
    oidc,
    publicUrl: e.PUBLIC_URL ? e.PUBLIC_URL.replace(/\/+$/, '') : null,
    classroom,
  }
}
