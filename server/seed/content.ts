/**
 * Text pieces of generated rows: note and comment markup, mentions, names of generated users, verification
 * forms. Stored content is the rich-text subset the renderer shows (escaped text, line breaks as <br>),
 * mentions are `[@nickname:userId]` with the public display id (spec §2.5).
 */
import * as corpus from './corpus'
import type { Rng } from './random'

export function escapeHtml(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;').replace(/'/g, '&#39;')
}

/** Plain text (paragraphs separated by \n) → stored content. */
export function textToHtml(text: string): string {
  return escapeHtml(text).replace(/\r?\n/g, '<br>')
}

export function mentionToken(nickname: string, userId: string): string {
  return `[@${nickname.replace(/[\]:]/g, '')}:${userId}]`
}

export interface MentionTarget {
  nickname: string
  userId: string
}

const SURNAMES = [...'王李张刘陈杨黄赵吴周徐孙马朱胡郭何高林罗郑梁谢宋唐许韩冯邓曹彭曾肖田董袁潘于蒋蔡余杜叶程苏魏吕丁任沈姚卢姜崔钟谭陆汪范金石廖贾夏韦付方白邹孟熊秦邱江尹薛闫段雷侯龙史陶黎贺顾毛郝龚邵万钱严覃武戴莫孔向汤']
const GIVEN = [
  ...'子涵 一诺 欣怡 梓轩 浩然 雨桐 思远 嘉怡 宇航 若汐 明轩 语嫣 晨曦 俊杰 梦琪 天佑 诗涵 博文 可欣 泽宇 雅琴 文博 佳琪 志强 静怡 昊天 心怡 皓轩 晓彤 一鸣 子墨 安然 书瑶 云帆 沐阳 清欢 星辰 知秋 念慈 乐言'.split(' '),
  ...'雪 磊 洋 帆 婷 杰 悦 琳 凯 阳 瑶 峰 敏 鑫 娜 超 晨 颖 宁 航'.split(' '),
]
const NICK_STYLES = ['{s}{g}', '{s}{g}', '{s}{g}', '小{g1}', '{g}同学', '阿{g1}', '{s}{g}呀', '爱吃饭的{g1}']
const MBTI = ['INTJ', 'INTP', 'ENTJ', 'ENTP', 'INFJ', 'INFP', 'ENFJ', 'ENFP', 'ISTJ', 'ISFJ', 'ESTJ', 'ESFJ', 'ISTP', 'ISFP', 'ESTP', 'ESFP']
const ZODIAC: readonly corpus.ZodiacSign[] = ['白羊座', '金牛座', '双子座', '巨蟹座', '狮子座', '处女座', '天秤座', '天蝎座', '射手座', '摩羯座', '水瓶座', '双鱼座']
const EDUCATION: readonly corpus.Education[] = ['本科', '本科', '本科', '本科', '硕士', '硕士', '博士', '大专', '高中及以下']

export interface PersonProfile {
  nickname: string
  bio: string
  gender: corpus.Gender
  zodiac_sign: corpus.ZodiacSign
  mbti: string
  education: corpus.Education
  major: string
  interests: string[]
  location: string
}

const GRADES = ['大一', '大二', '大三', '大四', '研一', '研二', '研三']

/** A plausible profile for generated user number n (beyond the corpus' hand-written people). */
export function generatedProfile(rng: Rng): PersonProfile {
  const given = rng.pick(GIVEN)
  const nickname = rng
    .pick(NICK_STYLES)
    .replace('{s}', rng.pick(SURNAMES))
    .replace('{g1}', [...given].at(-1) ?? given)
    .replace('{g}', given)
  const interestPool = corpus.USERS.flatMap((u) => u.interests)
  const majors = corpus.USERS.map((u) => u.major).filter((m) => m !== '待定')
  const interests = interestPool.length > 0 ? [...new Set(rng.sample(interestPool, rng.int(1, 4)))] : []
  const major = majors.length > 0 ? rng.pick(majors) : '计算机科学与技术'
  return {
    nickname: [...nickname].slice(0, 10).join(''),
    bio: interests.length > 0 ? `${rng.pick(GRADES)}，${major}专业，平时喜欢${interests.join('、')}。` : `${rng.pick(GRADES)}，${major}专业。`,
    gender: rng.chance(0.5) ? '女' : '男',
    zodiac_sign: rng.pick(ZODIAC),
    mbti: rng.pick(MBTI),
    education: rng.pick(EDUCATION),
    major,
    interests,
    location: corpus.LOCATIONS.length > 0 ? rng.pick(corpus.LOCATIONS) : '未知',
  }
}

/** Public display id of generated user n: 3-15 letters, digits, underscore. */
export function generatedUserId(n: number): string {
  return `stu${String(n).padStart(6, '0')}`
}

export interface NoteText {
  title: string
  /** Stored markup. */
  content: string
  /** Plain text (title and body), for search_text. */
  plain: string
  /** Plain text of the body alone. */
  body: string
  tags: string[]
}

export const FALLBACK_TEMPLATE: corpus.NoteTemplate = { category: 'campus', title: '校园日常', content: '今天也是认真生活的一天。', tags: [] }

/** A note's text from a corpus template, varied with a title suffix, opener and closer. */
export function noteText(rng: Rng, template: corpus.NoteTemplate, mention: MentionTarget | null): NoteText {
  const suffix = rng.chance(0.6) ? rng.pick(corpus.TITLE_SUFFIXES) : ''
  const opener = rng.chance(0.5) ? rng.pick(corpus.BODY_OPENERS) : ''
  const closer = rng.chance(0.5) ? rng.pick(corpus.BODY_CLOSERS) : ''
  const body = [opener, template.content, closer].filter(Boolean).join('\n')
  const plain = mention ? `${body}\n${mentionToken(mention.nickname, mention.userId)} 一起来看看！` : body
  const title = `${template.title}${suffix}`
  const tags = rng.sample(template.tags, rng.int(Math.min(2, template.tags.length), template.tags.length))
  return { title, content: textToHtml(plain), plain: `${title} ${plain}`, body: plain, tags }
}

/** Text of a comment or reply (some comments fit the note's category), possibly mentioning someone. */
export function commentText(rng: Rng, reply: boolean, category: corpus.CategorySlug | null, mention: MentionTarget | null): string {
  const special = category ? corpus.CATEGORY_COMMENTS[category] : undefined
  const pool = reply && corpus.REPLIES.length > 0 ? corpus.REPLIES : special && rng.chance(0.3) ? special : corpus.COMMENTS
  const text = pool.length > 0 ? rng.pick(pool) : '写得真好，收藏了！'
  return mention ? `${textToHtml(text)} ${mentionToken(mention.nickname, mention.userId)}` : textToHtml(text)
}

const FAKE_NAMES = ['张明', '李华', '王芳', '赵磊', '陈静', '刘洋', '杨帆', '周琳']

/**
 * A verification application's content: the HTML table the member form builds. Identity numbers are
 * visibly fake (all-zero area code), never real-looking personal data.
 */
export function verificationContent(rng: Rng, type: 1 | 2, who: string, reason: string, nickname: string): string {
  const rows: Array<[string, string]> =
    type === 2
      ? [
          ['真实姓名', rng.pick(FAKE_NAMES)],
          ['身份证号', `000000${rng.int(1995, 2006)}${String(rng.int(1, 12)).padStart(2, '0')}${String(rng.int(1, 28)).padStart(2, '0')}${rng.int(1000, 9999)}`],
          ['职业', who],
          ['申请理由', reason],
        ]
      : [
          ['机构名称', who || nickname],
          ['统一社会信用代码', `00${String(rng.int(0, 9999999999)).padStart(10, '0')}XXXXXX`],
          ['联系人', rng.pick(FAKE_NAMES)],
          ['联系电话', `1380000${String(rng.int(0, 9999)).padStart(4, '0')}`],
          ['申请理由', reason],
        ]
  const body = rows.map(([k, v]) => `<tr><th>${escapeHtml(k)}</th><td>${escapeHtml(v)}</td></tr>`).join('')
  return `<table><tbody>${body}</tbody></table>`
}
