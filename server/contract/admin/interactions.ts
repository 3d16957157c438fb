import { z } from 'zod'
import { singleLine } from '../common'
import { boolish, choice, displayIdRef, numericRef, optionalId, requireUserRef, requiredId, userRefsRequired } from './refs'

/* Likes, collections, follows and notifications (admin-back-office.md §5). */

export const likeCreateBody = z
  .object({
    user_display_id: displayIdRef,
    user_id: numericRef,
    target_type: choice([1, 2], '请选择目标类型'),
    target_id: requiredId('请输入目标ID'),
  })
  .superRefine(requireUserRef('user', '请输入用户ID'))
  .meta(userRefsRequired('user'))
export const likeUpdateBody = z.object({
  user_display_id: displayIdRef,
  user_id: numericRef,
  target_type: choice([1, 2], '请选择目标类型').optional(),
  target_id: requiredId('请输入目标ID').optional(),
})
export type LikeCreateBody = z.infer<typeof likeCreateBody>
export type LikeUpdateBody = z.infer<typeof likeUpdateBody>

export const collectionCreateBody = z
  .object({ user_display_id: displayIdRef, user_id: numericRef, post_id: requiredId('请输入笔记ID') })
  .superRefine(requireUserRef('user', '请输入用户ID'))
  .meta(userRefsRequired('user'))
export const collectionUpdateBody = z.object({ user_display_id: displayIdRef, user_id: numericRef, post_id: requiredId('请输入笔记ID').optional() })
export type CollectionCreateBody = z.infer<typeof collectionCreateBody>
export type CollectionUpdateBody = z.infer<typeof collectionUpdateBody>

export const followCreateBody = z
  .object({ follower_display_id: displayIdRef, follower_id: numericRef, following_display_id: displayIdRef, following_id: numericRef })
  .superRefine(requireUserRef('follower', '请输入关注者ID'))
  .superRefine(requireUserRef('following', '请输入被关注者ID'))
  .meta(userRefsRequired('follower', 'following'))
export const followUpdateBody = z.object({ follower_display_id: displayIdRef, follower_id: numericRef, following_display_id: displayIdRef, following_id: numericRef })
export type FollowCreateBody = z.infer<typeof followCreateBody>
export type FollowUpdateBody = z.infer<typeof followUpdateBody>

export const NOTIFICATION_TYPES = [1, 2, 3, 4, 5, 6, 7, 8] as const
const notificationTitle = z.string({ error: '请输入通知标题' }).trim().min(1, '请输入通知标题').max(100, '通知标题最多100个字符').refine(...singleLine('通知标题'))

export const notificationCreateBody = z
  .object({
    user_display_id: displayIdRef,
    user_id: numericRef,
    sender_display_id: displayIdRef,
    sender_id: numericRef,
    type: choice(NOTIFICATION_TYPES, '请选择通知类型'),
    title: notificationTitle,
    target_id: optionalId,
    comment_id: optionalId,
    is_read: boolish.optional(),
  })
  .superRefine(requireUserRef('user', '请输入接收者'))
  .superRefine(requireUserRef('sender', '请输入发送者'))
  .meta(userRefsRequired('user', 'sender'))
export const notificationUpdateBody = z.object({
  user_display_id: displayIdRef,
  user_id: numericRef,
  sender_display_id: displayIdRef,
  sender_id: numericRef,
  type: choice(NOTIFICATION_TYPES, '请选择通知类型').optional(),
  title: notificationTitle.optional(),
  target_id: optionalId,
  comment_id: optionalId,
  is_read: boolish.optional(),
})
export type NotificationCreateBody = z.infer<typeof notificationCreateBody>
export type NotificationUpdateBody = z.infer<typeof notificationUpdateBody>
