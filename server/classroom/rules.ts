import { timingSafeEqual } from 'node:crypto'
import type { AppDeps } from '../deps'
import { Forbidden, Invalid } from '../errors'
import { PUBLISHED_DEMO_PASSWORDS } from '../contract/demo-passwords'

/*
 * The rules classroom mode adds (issue 43, docs/classroom.md). The mode comes only from the server's environment
 * (config.classroom, set by `npm run demo -- --classroom`): no request can turn it on or off.
 */

export const CLASSROOM_MESSAGES = {
  classCodeRequired: '课堂模式下注册需要课堂码，请看老师屏幕上的课堂码',
  classCodeWrong: '课堂码错误，请看老师屏幕上的课堂码',
  publishedPassword: '课堂模式下不能使用公开的演示密码，请向老师领取账号',
  notClassroom: '当前不是课堂模式',
  resetUnavailable: '只有用 npm run demo -- --classroom 启动时才能在后台重置；请停止服务器后运行 npm run classroom -- --reset',
} as const

/**
 * In classroom mode the published demo passwords (docs/demo-data.md) open nothing: a student who read the docs
 * cannot sign in as `demo`, an administrator or any corpus person. Refused before any account is looked up,
 * so the reply is the same for every name.
 */
export function refusePublishedPassword(deps: AppDeps, password: string): void {
  if (deps.config.classroom && PUBLISHED_DEMO_PASSWORDS.includes(password)) throw Forbidden(CLASSROOM_MESSAGES.publishedPassword)
}

/** Registration in classroom mode needs the class code shown on the teacher's screen (400 when missing or wrong). */
export function checkClassCode(deps: AppDeps, code: string | undefined): void {
  const room = deps.config.classroom
  if (!room) return
  if (!code) throw Invalid(CLASSROOM_MESSAGES.classCodeRequired)
  if (!sameSecret(code.trim().toUpperCase(), room.code)) throw Invalid(CLASSROOM_MESSAGES.classCodeWrong)
}

/** Constant-time comparison of two secrets (class code, teacher key). */
export function sameSecret(given: string, expected: string): boolean {
  const a = Buffer.from(given)
  const b = Buffer.from(expected)
  return a.length === b.length && timingSafeEqual(a, b)
}
