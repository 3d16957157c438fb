/** Parameters of the seed generator and the state its phases share. */
import type { CategorySlug, DemoUser } from './corpus'
import type { PersonProfile } from './content'
import type { MediaLibrary } from './media'
import type { Rng } from './random'

/** An account with a known password (the demo member); its activity is guaranteed in the dataset. */
export interface SpecialUser {
  user_id: string
  nickname: string
  passwordHash: string
  profile: Omit<PersonProfile, 'nickname'>
  /** Avatar file name in the demo avatars (or null for the default avatar). */
  avatar: string | null
  /** Published notes and drafts written by this account. */
  notes: number
  drafts: number
  /** Users it follows and users following it (about a third of them mutual). */
  following: number
  followers: number
}

export interface SeedOptions {
  /** PRNG seed: the same options give the same rows (times are relative to `now`). */
  seed: number
  /** Generated members, the corpus' hand-written people first (special users come on top). */
  users: number
  notes: number
  /** All comments, replies included. */
  comments: number
  /** Likes of notes and of comments together. */
  likes: number
  /** Share of `likes` that like comments rather than notes. */
  commentLikeShare: number
  collections: number
  follows: number
  /** Share of follows answered by a follow back (mutual). */
  mutualShare: number
  draftShare: number
  videoShare: number
  /** Share of comments mentioning someone, and of notes mentioning someone. */
  commentMentionShare: number
  noteMentionShare: number
  /** Share of replies among comments. */
  replyShare: number
  /** Created times spread over this many days before `now`. */
  days: number
  now: Date
  /** One hash shared by every generated user (hashing is slow; see docs/demo-data.md for the password). */
  passwordHash: string
  specialUsers: SpecialUser[]
  admins: Array<{ username: string; passwordHash: string }>
  /** Verification applications in each state, on top of the approved ones of verified corpus users. */
  pendingVerifications: number
  rejectedVerifications: number
  /** Write without secondary indexes and build them at the end (large seeds; SQLite and PostgreSQL). */
  deferIndexes?: boolean
}

export const DEFAULTS = {
  seed: 20240901,
  commentLikeShare: 0.2,
  mutualShare: 0.3,
  draftShare: 0.04,
  videoShare: 0.06,
  commentMentionShare: 0.06,
  noteMentionShare: 0.04,
  replyShare: 0.35,
  days: 60,
} as const

export const DAY_MS = 24 * 3600 * 1000

export type Log = (message: string) => void

/** Users by index (0-based); database ids are `userBase + index + 1`. */
export interface UserTable {
  count: number
  ids: Int32Array
  created: Float64Array
  nickname: string[]
  displayId: string[]
  location: string[]
  /** Corpus entry of hand-written people (for the categories they post in). */
  corpus: Array<DemoUser | null>
  /** Indexes of the special users. */
  special: number[]
  /** Relative activity (how much someone posts, comments, likes). */
  activity: Float64Array
}

export interface PostTable {
  count: number
  ids: Int32Array
  author: Int32Array
  created: Float64Array
  published: Uint8Array
  category: CategorySlug[]
  /** Popularity: engagement (likes, collections, comments) is shared out in proportion. */
  weight: Float64Array
}

/** Comments by index; database ids are `ids[index]`. */
export interface CommentTable {
  count: number
  ids: Int32Array
  post: Int32Array
  author: Int32Array
  created: Float64Array
}

export interface SeedContext {
  options: SeedOptions
  rng: Rng
  media: MediaLibrary
  now: number
  log: Log
  users: UserTable
  categories: Map<CategorySlug, number>
  tags: Map<string, number>
  posts: PostTable
  comments: CommentTable
}
