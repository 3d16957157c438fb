import sanitizeHtml from 'sanitize-html'

/*
 * What administrators see of a verification application's personal fields until they explicitly reveal
 * them: the application table with each personal value masked (ID number 1101**********1234, name 张*,
 * phone 138****1234, credit code 9111**********123X). Cells are recognised by their row label; anything
 * that looks like an ID-card, mobile or credit-code number anywhere else in the text (a client may send
 * its own table, or write the number into the reason) is masked as well.
 */

const keep = (value: string, head: number, tail: number): string => {
  const chars = Array.from(value)
  if (chars.length <= head + tail) return chars[0] ? chars[0] + '*'.repeat(Math.max(1, chars.length - 1)) : ''
  return chars.slice(0, head).join('') + '*'.repeat(chars.length - head - tail) + chars.slice(chars.length - tail).join('')
}

export const maskName = (value: string): string => {
  const chars = Array.from(value.trim())
  return chars.length ? chars[0] + '*'.repeat(Math.max(1, chars.length - 1)) : ''
}
export const maskIdNumber = (value: string): string => keep(value.trim(), 4, 4)
export const maskPhone = (value: string): string => keep(value.trim(), 3, 4)

/** Row labels of the application forms (contract/verification.ts) and how their values are masked. */
const BY_LABEL: ReadonlyArray<[RegExp, (value: string) => string]> = [
  [/姓名|联系人/, maskName],
  [/身份证|证件|信用代码/, maskIdNumber],
  [/电话|手机/, maskPhone],
]

/** ID-card numbers (18 or 15 digits), mainland mobile numbers, unified social credit codes. */
const NUMBERS = /(?<![0-9A-Za-z])(?:\d{17}[\dXx]|\d{15}|1[3-9]\d{9}|[0-9A-HJ-NP-RTUWXY]{2}\d{6}[0-9A-HJ-NP-RTUWXY]{10})(?![0-9A-Za-z])/g

export function maskNumbers(text: string): string {
  return text.replace(NUMBERS, (n) => (n.length === 11 ? maskPhone(n) : maskIdNumber(n)))
}

/** The masked copy of an (already sanitised) application table. */
export function maskApplication(html: string): string {
  let label = ''
  return sanitizeHtml(html, {
    allowedTags: ['table', 'thead', 'tbody', 'tr', 'th', 'td', 'p', 'br', 'strong', 'b'],
    allowedAttributes: {},
    disallowedTagsMode: 'discard',
    textFilter: (text, tag) => {
      if (tag === 'th') {
        label = text
        return text
      }
      if (tag === 'td' && text.trim()) {
        const rule = BY_LABEL.find(([pattern]) => pattern.test(label))
        label = ''
        if (rule) return rule[1](text)
      }
      return maskNumbers(text)
    },
  })
}
