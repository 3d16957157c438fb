import { z } from 'zod'
import { idSchema } from '../common'

/*
 * Admin forms name members by their display id (小石榴号, e.g. `user_display_id`), as the tables show them;
 * the numeric primary key (`user_id`, `follower_id`, ...) is accepted too. One of the two is required.
 */

export const displayIdRef = z.string().trim().min(1).max(15, '小石榴号最多15位').optional()
export const numericRef = idSchema.optional()

/** superRefine step: `<prefix>_display_id` or `<prefix>_id` must be present, else `message`. */
export function requireUserRef(prefix: string, message: string) {
  return (value: Record<string, unknown>, ctx: z.RefinementCtx) => {
    if (value[`${prefix}_display_id`] === undefined && value[`${prefix}_id`] === undefined) {
      ctx.addIssue({ code: 'custom', message, path: [`${prefix}_display_id`] })
    }
  }
}

/**
 * What requireUserRef enforces, for the OpenAPI document: `.meta(userRefsRequired('follower', 'following'))`
 * declares that each prefix needs its display id or its numeric id.
 */
export function userRefsRequired(...prefixes: string[]) {
  return { allOf: prefixes.map((p) => ({ anyOf: [{ required: [`${p}_display_id`] }, { required: [`${p}_id`] }] })) }
}

/** Optional nullable id (a form may clear it with null or ''). */
export const optionalId = z.preprocess((v) => (v === '' ? null : v), idSchema.nullable().optional())

/** A required id in a body, with the form's own message when missing. */
export const requiredId = (message: string) => z.preprocess((v) => (v === '' ? undefined : v), z.coerce.number({ error: message }).int(message).positive(message).max(2_147_483_647, message))

/** A form switch: true/false, 1/0 or '1'/'0'. */
export const boolish = z.union([z.boolean(), z.literal(0), z.literal(1), z.enum(['0', '1', 'true', 'false'])]).transform((v) => v === true || v === 1 || v === '1' || v === 'true')

/** A select's numeric value, sent as a number or a string ('1'); '' counts as missing. */
export function choice<const T extends readonly [number, ...number[]]>(values: T, message: string) {
  return z.preprocess(
    (v) => (v === '' || v === null ? undefined : typeof v === 'string' ? Number(v) : v),
    z
      .number({ error: message })
      .int(message)
      .refine((n) => values.includes(n), message)
      .meta({ enum: [...values] }),
  )
}
