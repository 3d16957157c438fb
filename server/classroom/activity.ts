import { createWriteStream, mkdirSync, readdirSync, rmSync } from 'node:fs'
import { rename } from 'node:fs/promises'
import path from 'node:path'
import { pipeline } from 'node:stream/promises'
import yazl from 'yazl'
import { query } from '../db/sql'
import type { AppDeps } from '../deps'
import { addMemberArchive } from '../domain/data-export-archive'
import { render } from '../i18n/format'
import { DEFAULT_LOCALE, type Locale } from '../i18n/locales'
import { msg } from '../i18n/message'
import { readRoom } from './room'

/*
 * After class (issue 43): what the class did, as one zip for the teacher, made before a reset. One folder per
 * class member (`<石榴号>/`: the same content as a member's own data export: profile, notes with their images
 * and videos under media/, comments, likes, follows), a members.csv and a README. The zips go to
 * DATA_DIR/classroom-exports/, which a reset keeps (reset.ts).
 */

export const EXPORTS_FOLDER = 'classroom-exports'
export const ACTIVITY_NAME = /^class-activity-\d{8}-\d{6}-\d{3}\.zip$/

export const exportsDir = (dataDir: string) => path.join(dataDir, EXPORTS_FOLDER)

/** The zip's README.txt, in the language of the request that made it (the command line: Chinese). */
const README = msg(`石榴课堂：本节课的学生动态

members.csv      本节课的学生（班级账号与用课堂码注册的同学）
<石榴号>/        每位同学的数据：profile.json 个人资料、notes.json 笔记（图片和视频在 media/）、comments.json 评论、
                 likes.json 点赞、collections.json 收藏、follows.json 关注

时间均为 UTC（ISO 8601）。
`)

const stampOf = (d: Date) => d.toISOString().replace(/[-:]/g, '').replace('T', '-').replace('.', '-').slice(0, 19)

export interface ActivityExport {
  name: string
  members: number
  notes: number
}

/** Write the class's activity zip; resolves with its name (in exportsDir) and what it holds. */
export async function exportClassActivity(deps: AppDeps, options: { now?: Date; locale?: Locale } = {}): Promise<ActivityExport> {
  const now = options.now ?? new Date()
  const first = readRoom(deps.config.dataDir)?.firstMemberId ?? Number.MAX_SAFE_INTEGER
  const members = await query<{ id: number; user_id: string; nickname: string; post_count: number }>(
    deps.db,
    'SELECT id, user_id, nickname, post_count FROM users WHERE id >= ? ORDER BY id',
    [first],
  )
  const [notes] = await query<{ n: number }>(deps.db, 'SELECT COUNT(*) AS n FROM posts WHERE user_id >= ? AND is_draft = FALSE', [first])
  const zip = new yazl.ZipFile()
  zip.addBuffer(Buffer.from(render(README, options.locale ?? DEFAULT_LOCALE), 'utf8'), 'README.txt')
  const csv = ['user_id,nickname,notes', ...members.map((m) => `${m.user_id},"${m.nickname.replace(/"/g, '""')}",${Number(m.post_count)}`)]
  zip.addBuffer(Buffer.from(`\uFEFF${csv.join('\r\n')}\r\n`, 'utf8'), 'members.csv')
  for (const m of members) await addMemberArchive(deps, zip, Number(m.id), `${m.user_id}/`)
  zip.end()
  const dir = exportsDir(deps.config.dataDir)
  mkdirSync(dir, { recursive: true, mode: 0o700 })
  const name = `class-activity-${stampOf(now)}.zip`
  const partial = path.join(dir, `${name}.part`)
  try {
    await pipeline(zip.outputStream, createWriteStream(partial, { mode: 0o600 }))
    await rename(partial, path.join(dir, name))
  } catch (err) {
    rmSync(partial, { force: true })
    throw err
  }
  return { name, members: members.length, notes: Number(notes?.n ?? 0) }
}

/** The activity zips, newest first. */
export function listActivityExports(dataDir: string): string[] {
  try {
    return readdirSync(exportsDir(dataDir))
      .filter((name) => ACTIVITY_NAME.test(name))
      .sort()
      .reverse()
  } catch {
    return []
  }
}
