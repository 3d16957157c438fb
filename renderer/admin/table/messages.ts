import { ApiError } from '../../common/api/errors'
import { errorMessage } from '../api/http'
import { asText, truncate } from '../ui/format'
import type { ResourceDef, Row } from './types'

/*
 * The texts the generic table shows about one record: confirmations name it (确定要封禁用户「苏念」吗？),
 * failures carry the server's message.
 */

const LABEL_FIELDS = ['nickname', 'name', 'title', 'username', 'user_display_id', 'content'] as const

/** A short, human name for a row: the resource's own label, else its nickname / name / title / ..., else #id. */
export function recordName(def: ResourceDef, row: Row): string {
  const own = def.recordLabel?.(row)
  if (own) return truncate(own, 20)
  for (const field of LABEL_FIELDS) {
    const text = asText(row[field]).replace(/<[^>]*>/g, '').trim()
    if (text) return truncate(text, 20)
  }
  return `#${asText(row.id)}`
}

export function deleteConfirmText(def: ResourceDef, row: Row): string {
  return def.deleteConfirm?.(row) ?? `确定要删除${def.entity}「${recordName(def, row)}」吗？此操作不可撤销`
}

/** 确定要封禁用户「苏念」吗？ */
export function toggleConfirmText(def: ResourceDef, row: Row, title: string): string {
  return `确定要${title}「${recordName(def, row)}」吗？`
}

/** Why a list did not load, in words an admin can act on (the server's message when it sent one). */
export function loadFailureText(err: unknown): string {
  const message = errorMessage(err)
  return message ? `加载失败：${message}` : '加载失败'
}

/** A 4xx (bad filter, missing record) does not get better by asking again; network and 5xx failures might. */
export function worthRetrying(failures: number, err: unknown): boolean {
  if (err instanceof ApiError && err.status >= 400 && err.status < 500) return false
  return failures < 1
}
