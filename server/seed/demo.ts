/**
 * The demo dataset (SHILIU_DEMO=1, `npm run demo`, the desktop app's first start): the corpus' campus
 * people and notes at a small scale, plus the member `demo` / `demo123456` and the administrator
 * `admin` / `admin123456` (the desktop app gives its administrator a password of its own:
 * SHILIU_DEMO_ADMIN_PASSWORD). Takes a few seconds; demo-prepare.ts makes it atomic on SQLite.
 */
import { User } from '../db/entities'
import { withSetupLock } from '../db/migrate'
import type { AppDeps } from '../deps'
import * as corpus from './corpus'
import { generate, type SeedReport } from './generator'
import { writeShowcase } from './showcase'
import { demoMedia, installDemoMedia, type MediaLibrary } from './media'
import { DEFAULTS, type SeedOptions, type SpecialUser } from './options'
import { DEMO_ADMIN_PASSWORD, DEMO_ADMIN_USERNAME, DEMO_MEMBER_PASSWORD, GENERATED_PASSWORD } from '../contract/demo-passwords'

export const DEMO_MEMBER = { user_id: 'demo', password: DEMO_MEMBER_PASSWORD, nickname: '石榴同学' } as const
export const DEMO_ADMIN = { username: DEMO_ADMIN_USERNAME, password: DEMO_ADMIN_PASSWORD } as const
/** Every other generated member shares this password (docs/demo-data.md). */
export { GENERATED_PASSWORD }

/** An avatar no corpus user wears, for the demo member (the default avatar when none is left). */
function spareAvatar(media: MediaLibrary): string | null {
  const used = new Set(corpus.USERS.map((u) => u.avatar))
  return [...media.avatarByFile.keys()].find((file) => !used.has(file)) ?? null
}

export interface DemoHashes {
  member: string
  admin: string
  shared: string
}

/**
 * Argon2id hashes of the three demo passwords above, made once (hashPassword) and kept here: hashing at
 * seed time would add ~2 s of CPU to every demo start. They are salted hashes of published demo passwords,
 * not secrets; tests/server/seed.test.ts logs in with each.
 */
export const DEMO_HASHES: DemoHashes = {
  member: '$argon2id$v=19$m=19456,p=1,t=2$1TzimJNue6DihqhktnwggA$zhWfyAvWhZNeANITMeGHccu5aArZm1F1e+oR9C2guHU',
  admin: '$argon2id$v=19$m=19456,p=1,t=2$twMweUFHgLKy4obvAKnQrg$AFQ1jVbykCL1Df0JQPlcEly5Ayo2W7VZawrQGrH1JDU',
  shared: '$argon2id$v=19$m=19456,p=1,t=2$0JK9vwNuH6zRIYHHKfDl7w$57Kzp8boRXaAFQApWL0kiOYn4JNaXwo6ZbMaqxPp7hc',
}

/**
 * Every hash of the published demo administrator password ever shipped (DEMO_HASHES.admin first): an
 * installation still holding any of them gets its own password at the next start (demo-prepare.ts).
 */
export const PUBLISHED_ADMIN_HASHES: readonly string[] = [
  DEMO_HASHES.admin,
  // Until issue 11 (argon2's defaults, 64 MiB / t=3 / p=4).
  '$argon2id$v=19$m=65536,p=4,t=3$rzqkl7CbOAG6GplCbZYFtw$Q932Onrm2VMnzKflfhSNDFa4wIJNqw9RwcMPRSDrDKA',
]

export function demoOptions(media: MediaLibrary, hashes: DemoHashes, now = new Date()): SeedOptions {
  const demo: SpecialUser = {
    user_id: DEMO_MEMBER.user_id,
    nickname: DEMO_MEMBER.nickname,
    passwordHash: hashes.member,
    avatar: spareAvatar(media),
    profile: {
      bio: '刚来石榴的新同学，喜欢记录校园里的吃喝玩乐，也在努力学习中。',
      gender: '女',
      zodiac_sign: '射手座',
      mbti: 'ENFP',
      education: '本科',
      major: '计算机科学与技术',
      interests: ['摄影', '美食', '夜跑'],
      location: '北京',
    },
    notes: 5,
    drafts: 2,
    following: 12,
    followers: 15,
  }
  return {
    ...DEFAULTS,
    users: corpus.USERS.length,
    notes: 320,
    comments: 960,
    likes: 3200,
    collections: 900,
    follows: 420,
    now,
    passwordHash: hashes.shared,
    specialUsers: [demo],
    admins: [{ username: DEMO_ADMIN.username, passwordHash: hashes.admin }],
    pendingVerifications: 4,
    rejectedVerifications: 3,
  }
}

/**
 * Fill an empty database with the demo dataset in place; does nothing when it already has users. Used for a
 * demo on PostgreSQL/MySQL (on SQLite, demo-prepare.ts writes a complete database file before the server
 * opens it, so this finds users).
 */
export async function seedDemoIfEmpty(deps: AppDeps, passwords: DemoHashes | (() => Promise<DemoHashes>) = DEMO_HASHES): Promise<SeedReport | null> {
  // Under the migrations' lock: another instance seeding the same empty database at this moment finishes first.
  return withSetupLock(deps.db, async () => {
    if ((await deps.db.getRepository(User).count()) > 0) return null
    return seedDemo(deps, passwords)
  })
}

async function seedDemo(deps: AppDeps, passwords: DemoHashes | (() => Promise<DemoHashes>)): Promise<SeedReport> {
  const hashes = typeof passwords === 'function' ? await passwords() : passwords
  const log = deps.logger.child({ component: 'seed' })
  log.info('seeding the demo dataset into an empty database')
  const media = demoMedia()
  // Files are copied (and thumbnails made) while the rows are written; both finish before the server listens.
  const [, report] = await Promise.all([
    installDemoMedia(deps.config.uploadsDir),
    generate(deps.db, demoOptions(media, hashes), media, (message) => log.debug(message.trim())),
  ])
  await writeShowcase(deps.db, deps.config, log)
  log.info({ ...report, notificationsByType: undefined }, `demo dataset ready in ${report.seconds.toFixed(1)} s`)
  return report
}
