import type { Column, Option } from '../table/types'

/** Enumerations of admin spec §3, shared by several declarations. */
export const VERIFIED: Record<string, string> = { '0': '未认证', '1': '官方认证', '2': '个人认证' }
export const NOTE_TYPE: Record<string, string> = { '1': '图文', '2': '视频' }
export const LIKE_TARGET: Record<string, string> = { '1': '笔记', '2': '评论' }
export const NOTIFICATION_TYPE: Record<string, string> = {
  '1': '点赞笔记',
  '2': '点赞评论',
  '3': '收藏笔记',
  '4': '评论笔记',
  '5': '回复评论',
  '6': '关注',
  '7': '评论提及',
  '8': '笔记提及',
  '9': '系统通知',
}
export const GENDERS = ['男', '女']
export const ZODIAC_SIGNS = ['白羊座', '金牛座', '双子座', '巨蟹座', '狮子座', '处女座', '天秤座', '天蝎座', '射手座', '摩羯座', '水瓶座', '双鱼座']
export const EDUCATION = ['高中及以下', '大专', '本科', '硕士', '博士']

export function optionsOf(map: Record<string, string>): Option[] {
  return Object.entries(map).map(([value, label]) => ({ value, label }))
}

export function plainOptions(values: string[]): Option[] {
  return values.map((v) => ({ value: v, label: v }))
}

/** Columns most resources share. */
export const idColumn: Column = { key: 'id', label: 'ID', sortable: true, width: '64px' }
export const createdColumn: Column = { key: 'created_at', label: '创建时间', cell: { kind: 'date' }, sortable: true }
