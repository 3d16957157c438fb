/** Seed phases for people: users (with verification applications), admins, categories, tags, follows. */
import { Admin, Category, Follow, NOTIFICATION_TYPE, Tag, User, Verification } from '../db/entities'
import { maxId, type BulkWriter } from './bulk'
import { generatedProfile, generatedUserId, verificationContent, type PersonProfile } from './content'
import * as corpus from './corpus'
import type { Notifier } from './notifier'
import { DAY_MS, type SeedContext, type UserTable } from './options'
import { popularityWeights, WeightedPicker, type Rng } from './random'

const between = (rng: Rng, from: number, to: number) => from + rng.next() * Math.max(0, to - from)

interface Person {
  displayId: string
  profile: PersonProfile
  avatar: string
  verified: number
  passwordHash: string
  created: number
  corpus: corpus.DemoUser | null
}

function people(ctx: Pick<SeedContext, 'options' | 'rng' | 'media' | 'now'>): Person[] {
  const { options: o, rng, media, now } = ctx
  const oldest = now - (o.days + 30) * DAY_MS
  const newest = now - o.days * DAY_MS
  const out: Person[] = o.specialUsers.map((s) => ({
    displayId: s.user_id,
    profile: { ...s.profile, nickname: s.nickname },
    avatar: (s.avatar && media.avatarByFile.get(s.avatar)) || media.defaultAvatar,
    verified: 0,
    passwordHash: s.passwordHash,
    created: now - (o.days + 10) * DAY_MS,
    corpus: null,
  }))
  const taken = new Set(out.map((p) => p.displayId))
  const fromCorpus = corpus.USERS.filter((u) => !taken.has(u.user_id)).slice(0, o.users)
  for (const u of fromCorpus) {
    out.push({
      displayId: u.user_id,
      profile: { ...u, interests: [...u.interests] },
      avatar: media.avatarByFile.get(u.avatar) ?? media.defaultAvatar,
      verified: u.verified,
      passwordHash: o.passwordHash,
      created: between(rng, oldest, newest),
      corpus: u,
    })
  }
  for (let n = 1; out.length < o.users + o.specialUsers.length; n++) {
    if (taken.has(generatedUserId(n))) continue
    out.push({
      displayId: generatedUserId(n),
      profile: generatedProfile(rng),
      avatar: rng.chance(0.7) && media.avatars.length > 0 ? rng.pick(media.avatars) : media.defaultAvatar,
      verified: 0,
      passwordHash: o.passwordHash,
      created: between(rng, oldest, newest),
      corpus: null,
    })
  }
  return out
}

/** Users, then their verification applications (approved ones match the users' badges). */
export async function writeUsers(ctx: Pick<SeedContext, 'options' | 'rng' | 'media' | 'now'>, bulk: BulkWriter): Promise<UserTable> {
  const list = people(ctx)
  const { rng, now, options: o } = ctx
  const base = await maxId(bulk.runner, 'users')
  // Pending and rejected applications come from unverified people (not the special accounts).
  const candidates = list.map((p, i) => i).filter((i) => i >= o.specialUsers.length && list[i]!.verified === 0)
  const chosen = rng.sample(candidates, o.pendingVerifications + o.rejectedVerifications)
  const status = new Map<number, number>(chosen.map((i, k) => [i, k < o.pendingVerifications ? 0 : 2]))
  list.forEach((p, i) => p.verified !== 0 && status.set(i, 1))

  const users = bulk.sink(User, ['id', 'user_id', 'nickname', 'password_hash', 'avatar', 'bio', 'location', 'gender', 'zodiac_sign', 'mbti', 'education', 'major', 'interests', 'verified', 'is_active', 'created_at', 'updated_at'])
  const table: UserTable = {
    count: list.length,
    ids: new Int32Array(list.length),
    created: new Float64Array(list.length),
    nickname: [],
    displayId: [],
    location: [],
    corpus: [],
    special: o.specialUsers.map((_, i) => i),
    activity: popularityWeights(rng, list.length),
  }
  for (const [i, p] of list.entries()) {
    const id = base + i + 1
    const at = new Date(p.created)
    const f = p.profile
    await users.push([id, p.displayId, f.nickname, p.passwordHash, p.avatar, f.bio, f.location, f.gender, f.zodiac_sign, f.mbti, f.education, f.major, f.interests, p.verified, true, at, at])
    table.ids[i] = id
    table.created[i] = p.created
    table.nickname.push(f.nickname)
    table.displayId.push(p.displayId)
    table.location.push(f.location)
    table.corpus.push(p.corpus)
  }
  await users.flush()

  const verifications = bulk.sink(Verification, ['id', 'user_id', 'type', 'content', 'status', 'admin_note', 'audit_time', 'created_at', 'updated_at'])
  let vid = await maxId(bulk.runner, 'verifications')
  for (const [i, state] of [...status.entries()].sort((a, b) => a[0] - b[0])) {
    const p = list[i]!
    const type = p.verified === 1 || (p.verified === 0 && rng.chance(0.3)) ? 1 : 2
    const samples = corpus.VERIFICATION_SAMPLES.filter((s) => (s.type === 'official') === (type === 1))
    const sample = samples.length > 0 ? rng.pick(samples) : { who: p.profile.major, reason: '希望获得认证，方便同学们找到我。' }
    const created = between(rng, p.created, now - 5 * DAY_MS)
    const audited = state === 0 ? null : new Date(between(rng, created, now - DAY_MS))
    const note = state === 1 ? '资料齐全，审核通过' : state === 2 ? rng.pick(REJECT_NOTES) : null
    const content = verificationContent(rng, type, p.verified === 1 ? p.profile.nickname : sample.who, sample.reason, p.profile.nickname)
    await verifications.push([++vid, base + i + 1, type, content, state, note, audited, new Date(created), audited ?? new Date(created)])
  }
  await verifications.flush()
  return table
}

const REJECT_NOTES = ['证明材料不清晰，请上传清晰的学生证或在职证明后重新申请。', '机构名称与证明材料不一致，请核对后重新提交。', '申请理由过于简单，请补充说明认证用途。']

export async function writeAdmins(ctx: Pick<SeedContext, 'options' | 'now'>, bulk: BulkWriter): Promise<void> {
  const existing: Array<{ username: string }> = await bulk.runner.query('SELECT username FROM admins')
  const have = new Set(existing.map((a) => a.username))
  const sink = bulk.sink(Admin, ['id', 'username', 'password_hash', 'is_active', 'created_at', 'updated_at'])
  let id = await maxId(bulk.runner, 'admins')
  const at = new Date(ctx.now - (ctx.options.days + 40) * DAY_MS)
  for (const a of ctx.options.admins) if (!have.has(a.username)) await sink.push([++id, a.username, a.passwordHash, true, at, at])
  await sink.flush()
}

/** Categories and tags of the corpus; rows that already exist (same slug / name) are reused. */
export async function writeCatalog(ctx: Pick<SeedContext, 'options' | 'now'>, bulk: BulkWriter): Promise<Pick<SeedContext, 'categories' | 'tags'>> {
  const at = new Date(ctx.now - (ctx.options.days + 40) * DAY_MS)
  const categories = new Map<corpus.CategorySlug, number>()
  const rows: Array<{ id: number; name: string; category_title: string }> = await bulk.runner.query('SELECT id, name, category_title FROM categories')
  const sink = bulk.sink(Category, ['id', 'name', 'category_title', 'post_count', 'created_at'])
  let id = await maxId(bulk.runner, 'categories')
  for (const c of corpus.CATEGORIES) {
    const found = rows.find((r) => r.category_title === c.category_title || r.name === c.name)
    if (found) categories.set(c.category_title, Number(found.id))
    else {
      categories.set(c.category_title, ++id)
      await sink.push([id, c.name, c.category_title, 0, at])
    }
  }
  await sink.flush()

  const tags = new Map<string, number>()
  const existing: Array<{ id: number; name: string }> = await bulk.runner.query('SELECT id, name FROM tags')
  for (const t of existing) tags.set(t.name, Number(t.id))
  const tagSink = bulk.sink(Tag, ['id', 'name', 'use_count', 'description', 'created_at'])
  let tid = await maxId(bulk.runner, 'tags')
  for (const name of corpus.TAGS) {
    if (tags.has(name)) continue
    tags.set(name, ++tid)
    await tagSink.push([tid, name, 0, null, at])
  }
  await tagSink.flush()
  return { categories, tags }
}

/** Follows: the special accounts' own circles first, then popularity-weighted pairs, some followed back. */
export async function writeFollows(ctx: SeedContext, bulk: BulkWriter, notifier: Notifier): Promise<number> {
  const { rng, users: u, options: o, now } = ctx
  const n = u.count
  const target = Math.min(o.follows, Math.floor(n * (n - 1) * 0.6))
  const pairs = new Set<number>()
  const sink = bulk.sink(Follow, ['id', 'follower_id', 'following_id', 'created_at'])
  let id = await maxId(bulk.runner, 'follows')
  const popular = new WeightedPicker(u.activity)
  const add = async (a: number, b: number): Promise<boolean> => {
    if (a === b || pairs.has(a * n + b)) return false
    pairs.add(a * n + b)
    const at = between(rng, Math.max(u.created[a]!, u.created[b]!), now - 60_000)
    await sink.push([++id, u.ids[a], u.ids[b], new Date(at)])
    await notifier.notify(NOTIFICATION_TYPE.follow, u.ids[b]!, u.ids[a]!, null, null, at)
    return true
  }
  for (const [k, s] of o.specialUsers.entries()) {
    const me = u.special[k]!
    const others = Array.from({ length: n }, (_, i) => i).filter((i) => i !== me)
    const following = rng.sample(others, s.following)
    for (const b of following) await add(me, b)
    // About a third of the followers are people it follows (mutual), the rest are new.
    const back = following.slice(0, Math.round(s.followers / 3))
    const fresh = rng.sample(others.filter((i) => !following.includes(i)), s.followers - back.length)
    for (const a of [...back, ...fresh]) await add(a, me)
  }
  for (let attempts = 0; pairs.size < target && attempts < target * 20; attempts++) {
    const a = rng.int(0, n - 1)
    const b = popular.pick(rng)
    if ((await add(a, b)) && rng.chance(o.mutualShare) && pairs.size < target) await add(b, a)
  }
  await sink.flush()
  return pairs.size
}
