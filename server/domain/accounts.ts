import { copyFileSync, existsSync, mkdirSync, statSync } from 'node:fs'
import path from 'node:path'
import type { Logger } from 'pino'
import type { EntityManager } from 'typeorm'
import { AUTH_MESSAGES, type LoginBody, type RegisterBody } from '../contract/auth'
import { BIO_MAX, NICKNAME_MAX, DEFAULT_AVATAR, isDisplayIdShape, DEFAULT_BIO, DEFAULT_LOCATION, USER_MESSAGES, type PasswordChangeBody, type ProfileUpdateBody } from '../contract/users'
import { User } from '../db/entities'
import { kindOf } from '../db/sql'
import { inTransaction } from '../db/transaction'
import type { AppDeps } from '../deps'
import { dummyPasswordHash, hashPassword, verifyPassword } from '../auth/passwords'
import { assertAccountOpen, clearLoginFailures, recordLoginFailure } from '../auth/login-guard'
import { upgradePasswordHash } from '../auth/rehash'
import { announceSessionsEnded, closeAllSessions, openSession, type ClientInfo, type TokenPair } from '../auth/sessions'
import { checkCaptcha } from '../captcha/store'
import { Forbidden, AppError, Invalid, NotFound } from '../errors'
import { ownedMedia, releaseMedia } from '../media/lifecycle'
import { mediaStorage } from '../media/storage'
import { resourcesDir } from '../media/resources'
import { removeExportsOf } from './data-export'
import { recount } from './counters'
import { forUpdate, lockRows } from './locks'
import { plainText } from './richtext'
import { screenProfile } from './watched-words'
import { registrationEmail, userByEmail } from './email-accounts'
import { EMAIL_MESSAGES } from '../contract/email'
import { sessionStale } from './discovery/session'
import { FOREIGN_MEDIA_MESSAGE, isSharedAsset, requireOwnMedia } from './media-ownership'
import { SIGN_IN_SETTING_MESSAGES, memberPasswordsAllowed } from './site-settings'
import { checkClassCode, refusePublishedPassword } from '../classroom/rules'

/*
 * Member accounts: registration, login, profile and password changes, account deletion
 * (member-and-visitor.md §5, §7).
 */

/** Display ids that are path segments of /users/... and so cannot be anyone's id. */
const RESERVED_IDS = new Set(['search', 'blocks', 'suggestions', 'verification', 'me', 'admin', 'null', 'undefined'])

export async function findByDisplayId(db: AppDeps['db'] | EntityManager, userId: string): Promise<User | null> {
  if (!isDisplayIdShape(userId)) return null
  return db.getRepository(User).findOneBy({ user_id: userId })
}

/** The user with this display id, or 404 用户不存在. */
export async function requireByDisplayId(db: AppDeps['db'] | EntityManager, userId: string): Promise<User> {
  const user = await findByDisplayId(db, userId)
  if (!user) throw NotFound(USER_MESSAGES.notFound)
  return user
}

export async function isDisplayIdFree(deps: AppDeps, userId: string): Promise<boolean> {
  if (RESERVED_IDS.has(userId.toLowerCase())) return false
  return !(await deps.db.getRepository(User).existsBy({ user_id: userId }))
}

/** A bio as stored: markup removed, visible text only, limited to 200 characters. */
export function cleanBio(bio: string | null | undefined): string | null {
  if (bio === null || bio === undefined) return null
  const text = plainText(bio)
  if (text.length > BIO_MAX) throw Invalid(USER_MESSAGES.bioTooLong)
  return text
}

export interface Session {
  user: User
  tokens: TokenPair
}

export async function register(deps: AppDeps, body: RegisterBody, client: ClientInfo): Promise<Session> {
  if (!(await memberPasswordsAllowed(deps.db))) throw Forbidden(SIGN_IN_SETTING_MESSAGES.registerOff)
  // Classroom mode: nothing happens without the class code, and no account gets a published demo password.
  checkClassCode(deps, body.classCode)
  refusePublishedPassword(deps, body.password)
  if (!(await isDisplayIdFree(deps, body.user_id))) throw Invalid(AUTH_MESSAGES.userIdTaken)
  // A new account has uploaded nothing yet: only shared assets (the default, the demo's) can be its avatar.
  if (body.avatar && !isSharedAsset(body.avatar)) throw Invalid(FOREIGN_MEDIA_MESSAGE)
  const captcha = await checkCaptcha(deps, body.captchaId, body.captchaText)
  if (captcha === 'expired') throw Invalid(AUTH_MESSAGES.captchaExpired)
  if (captcha === 'wrong') throw Invalid(AUTH_MESSAGES.captchaWrong)
  const email = await registrationEmail(deps, body.email, body.emailCode)
  const screened = await screenProfile(deps.db, { nickname: body.nickname, bio: cleanBio(body.bio) }, { nickname: NICKNAME_MAX, bio: BIO_MAX })
  const bio = screened.bio ?? cleanBio(body.bio)
  const passwordHash = await hashPassword(body.password)
  try {
    return await inTransaction(deps.db, async (m) => {
      const user = await m.getRepository(User).save(
        m.getRepository(User).create({
          user_id: body.user_id,
          nickname: screened.nickname ?? body.nickname,
          password_hash: passwordHash,
          avatar: body.avatar || DEFAULT_AVATAR,
          bio: bio || DEFAULT_BIO,
          location: body.location || DEFAULT_LOCATION,
          email,
        }),
      )
      const { tokens } = await openSession(m, deps.config.jwtSecret, 'user', user.id, client)
      return { user, tokens }
    })
  } catch (err) {
    // Two registrations of one id at once: the unique index decides, the loser hears it is taken.
    if (err instanceof AppError) throw err
    if (await findByDisplayId(deps.db, body.user_id)) throw Invalid(AUTH_MESSAGES.userIdTaken)
    if (email && (await userByEmail(deps, email))) throw Invalid(EMAIL_MESSAGES.emailTaken)
    throw err
  }
}

/** Same reply and the same work (one hash check) whether the id exists or not. */
export async function login(deps: AppDeps, body: LoginBody, client: ClientInfo): Promise<Session> {
  // Campus-only sign-in (成员登录方式): refused before any password work, the same for every account.
  if (!(await memberPasswordsAllowed(deps.db))) throw Forbidden(SIGN_IN_SETTING_MESSAGES.loginOff)
  refusePublishedPassword(deps, body.password)
  await assertAccountOpen(deps, 'user', body.user_id)
  const user = await findByDisplayId(deps.db, body.user_id)
  const valid = await verifyPassword(user?.password_hash ?? (await dummyPasswordHash()), body.password)
  if (!user || !valid) {
    await recordLoginFailure(deps, 'user', body.user_id)
    throw Invalid(AUTH_MESSAGES.loginFailed)
  }
  await clearLoginFailures(deps, 'user', body.user_id)
  if (!user.is_active) throw Forbidden(AUTH_MESSAGES.accountDisabled)
  await upgradePasswordHash(deps.db, User, user.id, user.password_hash, body.password)
  const { tokens } = await openSession(deps.db, deps.config.jwtSecret, 'user', user.id, client)
  return { user, tokens }
}

export async function updateProfile(deps: AppDeps, user: User, body: ProfileUpdateBody): Promise<User> {
  const changes: Partial<User> = {}
  if (body.nickname !== undefined) changes.nickname = body.nickname
  if (body.bio !== undefined) changes.bio = cleanBio(body.bio) || DEFAULT_BIO
  if (body.avatar !== undefined) changes.avatar = body.avatar || DEFAULT_AVATAR
  // The avatar is the member's own upload or a shared asset; keeping the current one is always allowed.
  if (changes.avatar !== undefined && changes.avatar !== user.avatar) await requireOwnMedia(deps.db, user.id, [changes.avatar], user.avatar ? [user.avatar] : [])
  if (body.gender !== undefined) changes.gender = body.gender
  if (body.zodiac_sign !== undefined) changes.zodiac_sign = body.zodiac_sign
  if (body.education !== undefined) changes.education = body.education
  if (body.mbti !== undefined) changes.mbti = body.mbti
  if (body.major !== undefined) changes.major = body.major
  if (body.interests !== undefined) changes.interests = body.interests && body.interests.length ? body.interests : null
  if (body.location !== undefined) changes.location = body.location || DEFAULT_LOCATION
  if (body.locale !== undefined) changes.locale = body.locale ?? null
  Object.assign(changes, await screenProfile(deps.db, { nickname: changes.nickname, bio: changes.bio }, { nickname: NICKNAME_MAX, bio: BIO_MAX }))
  if (Object.keys(changes).length)
    await inTransaction(deps.db, async (m) => {
      await m.getRepository(User).update({ id: user.id }, changes)
      // Declared interests feed the 推荐 (cold start): the next page 1 ranks again.
      if (changes.interests !== undefined) await sessionStale(m, user.id)
    })
  // A replaced avatar goes once nothing else uses it.
  if (changes.avatar !== undefined && user.avatar && changes.avatar !== user.avatar) await releaseMedia(deps, mediaStorage(deps.config.uploadsDir), [user.avatar])
  return { ...user, ...changes } as User
}

/** Change the password and end every other session of the user (the current one stays signed in). */
export async function changePassword(deps: AppDeps, user: User, sessionId: number, body: PasswordChangeBody): Promise<void> {
  if (!(await verifyPassword(user.password_hash, body.currentPassword))) throw Invalid(USER_MESSAGES.currentPasswordWrong)
  if (body.newPassword === body.currentPassword) throw Invalid(USER_MESSAGES.samePassword)
  refusePublishedPassword(deps, body.newPassword)
  const passwordHash = await hashPassword(body.newPassword)
  await inTransaction(deps.db, async (m) => {
    await m.getRepository(User).update({ id: user.id }, { password_hash: passwordHash })
    await closeAllSessions(m, 'user', user.id, sessionId)
  })
}

/**
 * The default avatar is served like any upload, from DATA_DIR/uploads/defaults/avatar.webp: the shipped
 * resources/default-avatar.webp is copied there at start (again when the shipped file changes size).
 */
export function installDefaultAvatar(uploadsDir: string, logger: Logger): void {
  const source = path.join(resourcesDir(), 'default-avatar.webp')
  const target = path.join(uploadsDir, DEFAULT_AVATAR.replace(/^\/uploads\//, ''))
  try {
    if (!existsSync(source)) {
      logger.warn({ source }, 'default avatar not shipped; clients fall back to their placeholder')
      return
    }
    if (existsSync(target) && statSync(target).size === statSync(source).size) return
    mkdirSync(path.dirname(target), { recursive: true })
    copyFileSync(source, target)
  } catch (err) {
    logger.warn({ err }, 'could not install the default avatar')
  }
}

type IdRows = Array<{ id: number | string | null }>

/** A statement about one user: `:uid` marks each place of the user's id (portable placeholders). */
function forUser(kind: string, sql: string, userId: number): [string, number[]] {
  const count = sql.split(':uid').length - 1
  if (kind === 'postgres') return [sql.replaceAll(':uid', '$1'), [userId]]
  return [sql.replaceAll(':uid', '?'), Array.from({ length: count }, () => userId)]
}

/**
 * Delete an account and everything of it in one transaction: notes (with media rows, tags, comments, likes,
 * collections and views of them), comments (with their replies and likes), likes, collections, follows,
 * notifications, sessions and verification applications. Every counter those rows fed elsewhere is then
 * recounted from the rows that remain (server/domain/counters.ts).
 */
export async function deleteAccount(deps: AppDeps, userId: number): Promise<void> {
  const kind = deps.config.database.kind
  const media = await inTransaction(deps.db, async (m) => {
    const run = (sql: string) => m.query(...forUser(kind, sql, userId))
    const ids = async (sql: string) => ((await run(sql)) as IdRows).map((r) => Number(r.id)).filter((id) => Number.isInteger(id) && id > 0)
    // Lock order (server/domain/locks.ts): the member's notes, then the member. Likes, collections and comments
    // of those notes and follows of the member wait here (and then find them gone), so the ids collected
    // below are every row there is; the recounts at the end lock their rows before counting.
    await ids(`SELECT id FROM posts WHERE user_id = :uid ORDER BY id ${forUpdate(kindOf(m))}`)
    await lockRows(m, 'users', [userId])
    const myPosts = 'SELECT id FROM posts WHERE user_id = :uid'
    const myComments = 'SELECT id FROM comments WHERE user_id = :uid'
    // Comments that go: the user's, every comment on the user's notes, and replies under the user's comments.
    const commentIds = await ids(`SELECT id FROM comments WHERE user_id = :uid OR post_id IN (${myPosts}) OR parent_id IN (${myComments})`)
    const postIds = new Set(await ids(myPosts))

    // Counters elsewhere that these rows feed, collected before the rows go.
    const posts = [
      ...(await ids(`SELECT DISTINCT post_id AS id FROM comments WHERE user_id = :uid OR parent_id IN (${myComments})`)),
      ...(await ids('SELECT target_id AS id FROM likes WHERE user_id = :uid AND target_type = 1')),
      ...(await ids('SELECT post_id AS id FROM collections WHERE user_id = :uid')),
    ].filter((id) => !postIds.has(id))
    const comments = [
      ...(await ids('SELECT DISTINCT parent_id AS id FROM comments WHERE user_id = :uid AND parent_id IS NOT NULL')),
      ...(await ids('SELECT target_id AS id FROM likes WHERE user_id = :uid AND target_type = 2')),
    ]
    const users = [
      ...(await ids('SELECT following_id AS id FROM follows WHERE follower_id = :uid')),
      ...(await ids('SELECT follower_id AS id FROM follows WHERE following_id = :uid')),
      ...(await ids('SELECT DISTINCT p.user_id AS id FROM likes l INNER JOIN posts p ON p.id = l.target_id WHERE l.user_id = :uid AND l.target_type = 1')),
      ...(await ids('SELECT DISTINCT p.user_id AS id FROM collections c INNER JOIN posts p ON p.id = c.post_id WHERE c.user_id = :uid')),
    ].filter((id) => id !== userId)
    const tags = await ids(`SELECT DISTINCT tag_id AS id FROM post_tags WHERE post_id IN (${myPosts})`)
    const categories = await ids('SELECT DISTINCT category_id AS id FROM posts WHERE user_id = :uid AND category_id IS NOT NULL')

    // Rows that point at the user's notes and comments without a foreign key.
    await run(`DELETE FROM likes WHERE user_id = :uid OR (target_type = 1 AND target_id IN (${myPosts}))`)
    await run(`DELETE FROM notifications WHERE user_id = :uid OR sender_id = :uid OR target_id IN (${myPosts})`)
    await run(`DELETE FROM post_views WHERE post_id IN (${myPosts})`)
    const p = (n: number) => (kind === 'postgres' ? `$${n}` : '?')
    for (let i = 0; i < commentIds.length; i += 500) {
      const chunk = commentIds.slice(i, i + 500)
      const list = chunk.map((_, j) => p(j + 1)).join(', ')
      await m.query(`DELETE FROM likes WHERE target_type = 2 AND target_id IN (${list})`, chunk)
      await m.query(`DELETE FROM notifications WHERE comment_id IN (${list})`, chunk)
    }
    // Notes first (their delete triggers keep the search index in step), then the user; ON DELETE CASCADE
    // takes the rest: media rows, tags links, comments and replies, collections, follows, blocks (both ways), sessions,
    // verification applications.
    await run('DELETE FROM posts WHERE user_id = :uid')
    await m.getRepository(User).delete({ id: userId })
    // Its sessions went with it: its open streams close.
    announceSessionsEnded(m, 'user', { subjectIds: [userId] })

    await recount(m, 'posts', posts)
    await recount(m, 'comments', comments)
    await recount(m, 'users', users)
    await recount(m, 'tags', tags)
    await recount(m, 'categories', categories)
    // Everything the member uploaded: released below once this commits (still used elsewhere: kept).
    return ownedMedia(m, userId)
  })
  await releaseMedia(deps, mediaStorage(deps.config.uploadsDir), media)
  // Their data exports: the rows went with the user's row (ON DELETE CASCADE), the zips go now.
  await removeExportsOf(deps, userId)
}
