/**
 * npm run bench -- --words: the cost of the watched-word check of one write, with 500 words in the list.
 * No server: the check is CPU only (the list's version read is one primary-key query, measured by the
 * endpoint bench). Texts are the demo corpus's notes (title + rich text up to ~1,900 characters) and
 * comments; the words are deterministic Chinese and Latin words, a few of which occur in the texts.
 */
import { COMMENTS } from '../server/seed/corpus/comments'
import { NOTE_TEMPLATES } from '../server/seed/corpus/notes'
import { WordMatcher, screenHtml, screenPlain, type WatchEntry } from '../server/domain/word-matcher'
import { WATCH_ACTIONS } from '../server/contract/admin/moderation'

const WORDS = 500
const POOL = '的一是不了人我在有他这中大来上国个到说们为子和你地出道也时年得就那要下以生会自着去之过家学对可里后小么心多天而能好都然没日于起还发成事只作当想看文无开手十用主行方又如前所本见经头面公同三已老从动两长知民样现分将外但身些与高意进把法此实回二理美点月明其种声全工己话儿者向情部正名定女问力机给等几很业最间新什打便位因重被走电四第门相次东政海口使教西再平真听世气信北少关并内加化由却代军产入先山五太水万市眼体别处总才场师书比住员九笑性通目华报立马命张活难神数件安表原车白应路期叫死常提感金何更反合放做系计或司利受光王果亲界及今京务制解各任至清物台象记边共风战干接它许八特觉望直服毛林题建南度统色字请交爱让认算论百吃义科怎元社术结六功指思非流每青管夫连远资队跟带花快条院变联言权往展该领传近留红治决周保达办运武半候七必城父强步完革深区即求品士转量空甚众技轻程告江语英基派满式李息写呢识极令黄德收脸钱党倒未持取设始版双历越史商千片容研像找友孩站广改议形委早房音火际则首单据导影失拿网香似斯专石若兵弟谁校读志飞观争究包组造落视济喜离虽坏兴切米拉'

function words(): WatchEntry[] {
  const out: WatchEntry[] = []
  let seed = 7
  const next = () => (seed = (seed * 1103515245 + 12345) % 2 ** 31)
  for (let i = 0; out.length < WORDS; i++) {
    const latin = i % 5 === 0
    const length = 2 + (next() % 3)
    const word = latin ? `spam${next().toString(36).slice(0, length + 1)}` : Array.from({ length }, () => POOL[next() % POOL.length]).join('')
    out.push({ word, action: WATCH_ACTIONS[i % 3]! })
  }
  return out
}

function measure(label: string, texts: readonly string[], check: (text: string) => unknown): void {
  // About a million characters per line: long enough to be stable, short enough to run in seconds.
  const rounds = Math.max(3, Math.ceil(1_000_000 / texts.reduce((a, t) => a + t.length, 1)))
  for (const t of texts.slice(0, 50)) check(t)
  const start = process.hrtime.bigint()
  let n = 0
  for (let r = 0; r < rounds; r++) {
    for (const t of texts) {
      check(t)
      n++
    }
  }
  const us = Number(process.hrtime.bigint() - start) / 1000 / n
  const chars = texts.reduce((a, t) => a + t.length, 0) / texts.length
  console.log(`${label.padEnd(44)} ${us.toFixed(1).padStart(8)} µs per check   (avg ${Math.round(chars)} characters, ${n} checks)`)
}

export function runWatchedWords(): void {
  const built = process.hrtime.bigint()
  const matcher = new WordMatcher(words())
  const buildMs = Number(process.hrtime.bigint() - built) / 1e6
  console.log(`watched words: ${matcher.size} in the list; automaton built in ${buildMs.toFixed(1)} ms (once per list change)`)
  const notes = NOTE_TEMPLATES.map((n) => ({ title: n.title, html: n.content.split('\n').map((p) => `<p>${p}</p>`).join('') }))
  measure('publish: title + rich-text content', notes.map((n) => `${n.title}\u0000${n.html}`), (t) => {
    const [title, html] = t.split('\u0000') as [string, string]
    screenPlain(matcher, title)
    screenHtml(matcher, html)
  })
  const longest = notes.map((n) => n.html).join('').slice(0, 2600)
  measure('publish: a full-length note (~2,000 characters)', [longest], (html) => screenHtml(matcher, html))
  measure('comment', COMMENTS.map((c) => `<p>${c}</p>`), (html) => screenHtml(matcher, html))
  const empty = new WordMatcher([])
  measure('publish with an empty list (baseline)', notes.map((n) => n.html), (html) => screenHtml(empty, html))
}
