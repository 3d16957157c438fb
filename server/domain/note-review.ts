import type { DataSource } from 'typeorm'
import { REVIEW_FIRST_NOTES } from '../contract/admin/moderation'
import type { CommentCreateBody, CommentView } from '../contract/comments'
import type { PostCreateBody, PostUpdateBody } from '../contract/posts'
import type { SqlReader } from '../db/reader'
import { countOf, query } from '../db/sql'
import { Moderation, type ModerationState } from '../db/visibility'
import { createComment } from './comments'
import { createNote, updateNote, type NotesEnv, type NoteUnderReview } from './notes'
import { sanitizeRichText } from './richtext'
import { requireOwnMedia } from './media-ownership'
import { uploadsInHtml } from '../media/lifecycle'
import { postReviewMode } from './site-settings'
import { screenFields, watchedWords } from './watched-words'

/*
 * A member's notes and comments on their way in (docs/moderation.md "Watched words and review"): watched
 * words first (block refuses, replace masks, review holds), then the 笔记审核 setting. Drafts are private
 * and screened when they are published. Admin writes go straight to the commands, unscreened.
 *
 * The state a published note takes:
 * - hidden by a moderator: stays hidden (an edit never lifts a hide);
 * - a review word in its title or text: held (pending);
 * - held, or rejected and now resubmitted: held (a rejected note always goes back to the queue);
 * - published for the first time (a new note, or a draft): held when the setting says so (all notes, or
 *   the member has fewer than 3 published notes), else visible;
 * - an edit of a visible note: stays visible.
 * A draft is never in the queue: saving a held note as a draft withdraws it (a rejected one stays rejected).
 */

async function publishedNotes(db: DataSource, userId: number, exceptId: number | null): Promise<number> {
  return countOf(await query<{ n: number }>(db, 'SELECT COUNT(*) AS n FROM posts WHERE user_id = ? AND is_draft = FALSE AND moderation = 0 AND id <> ?', [userId, exceptId ?? 0]))
}

async function settingHolds(db: DataSource, userId: number, noteId: number | null): Promise<boolean> {
  const mode = await postReviewMode(db)
  if (mode === 'all') return true
  return mode === 'first3' && (await publishedNotes(db, userId, noteId)) < REVIEW_FIRST_NOTES
}

/** The state of a note after a member's write (see above). */
async function stateAfter(db: DataSource, userId: number, noteId: number | null, isDraft: boolean, held: boolean, current: NoteUnderReview['current'] | null): Promise<ModerationState> {
  const before = current?.moderation ?? Moderation.visible
  if (before === Moderation.hidden) return before
  if (isDraft) return before === Moderation.pending ? Moderation.visible : before
  if (held || before !== Moderation.visible) return Moderation.pending
  const firstPublish = !current || current.is_draft
  return firstPublish && (await settingHolds(db, userId, noteId)) ? Moderation.pending : Moderation.visible
}

function screenNote(matcher: Awaited<ReturnType<typeof watchedWords>>, title: string, content: string) {
  return screenFields(matcher, { title: { text: title, kind: 'plain' }, content: { text: content, kind: 'html' } })
}

/** POST /posts: a new note, screened; returns its id and whether it waits for review. */
export async function publishNote(env: NotesEnv, userId: number, input: PostCreateBody): Promise<{ id: number; pending: boolean }> {
  if (input.is_draft) return { id: await createNote(env, userId, input), pending: false }
  const { texts, held } = screenNote(await watchedWords(env.db), input.title, sanitizeRichText(input.content))
  const moderation = await stateAfter(env.db, userId, null, false, held, null)
  const id = await createNote(env, userId, { ...input, ...texts }, { moderation, reason: null })
  return { id, pending: moderation === Moderation.pending }
}

/** PUT /posts/:id: an edit, screened when the note ends up published; returns whether it waits for review. */
export async function reviseNote(env: NotesEnv, userId: number, postId: number, patch: PostUpdateBody): Promise<{ pending: boolean }> {
  const decided: { state: ModerationState } = { state: Moderation.visible }
  await updateNote(env, userId, postId, patch, async (note) => {
    const { texts, held } = note.is_draft ? { texts: { title: note.title, content: note.content }, held: false } : screenNote(await watchedWords(env.db), note.title, note.content)
    decided.state = await stateAfter(env.db, userId, postId, note.is_draft, held, note.current)
    return { ...texts, moderation: decided.state }
  })
  return { pending: decided.state === Moderation.pending }
}

/** POST /comments: a comment, screened (a review word holds it; the review setting is for notes only). */
export async function postComment(db: DataSource, reader: SqlReader, userId: number, input: CommentCreateBody): Promise<CommentView> {
  const sanitized = sanitizeRichText(input.content)
  // A comment's images, like a note's, are the writer's own uploads (domain/media-ownership.ts).
  await requireOwnMedia(db, userId, uploadsInHtml(sanitized))
  const { texts, held } = screenFields(await watchedWords(db), { content: { text: sanitized, kind: 'html' } })
  return createComment(db, reader, userId, { ...input, content: texts.content }, { moderation: held ? Moderation.pending : Moderation.visible, reason: null })
}
