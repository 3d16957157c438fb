/** Text-to-image generator (spec §2.6): 400x600 canvas, 8 frame templates, 12 Chinese fonts. */
export const CANVAS_W = 400
export const CANVAS_H = 600
export const TEXT_MAX = 200

export const FONTS: readonly { label: string; family: string }[] = [
  { label: '默认黑体', family: '"Noto Sans CJK SC", "PingFang SC", "Microsoft YaHei", sans-serif' },
  { label: '宋体', family: '"Noto Serif CJK SC", "Songti SC", SimSun, serif' },
  { label: '楷体', family: 'KaiTi, "Kaiti SC", STKaiti, serif' },
  { label: '仿宋', family: 'FangSong, STFangsong, serif' },
  { label: '隶书', family: 'LiSu, STLiti, serif' },
  { label: '幼圆', family: 'YouYuan, "Yuanti SC", sans-serif' },
  { label: '行楷', family: 'STXingkai, "Xingkai SC", cursive' },
  { label: '华文彩云', family: 'STCaiyun, cursive' },
  { label: '华文琥珀', family: 'STHupo, fantasy' },
  { label: '方正舒体', family: 'FZShuTi, cursive' },
  { label: '方正姚体', family: 'FZYaoti, sans-serif' },
  { label: '微软雅黑', family: '"Microsoft YaHei", "Noto Sans CJK SC", sans-serif' },
]

export interface Template {
  name: string
  background: [string, string]
  frame: string
}

export const TEMPLATES: readonly Template[] = [
  { name: '樱花', background: ['#ffe3ec', '#ffc2d4'], frame: '#ff8fab' },
  { name: '薄荷', background: ['#e0f7f1', '#b8ecd9'], frame: '#4cc9a0' },
  { name: '天空', background: ['#e3f0ff', '#bcd8ff'], frame: '#5b9bf3' },
  { name: '柠檬', background: ['#fff9db', '#ffec99'], frame: '#f5b700' },
  { name: '薰衣草', background: ['#f1e8ff', '#dcc7ff'], frame: '#9b6cf0' },
  { name: '奶茶', background: ['#f7ede2', '#e8d5c0'], frame: '#b08968' },
  { name: '石榴', background: ['#ffe5e8', '#ffb3bd'], frame: '#ff2442' },
  { name: '素雅', background: ['#fafafa', '#ececec'], frame: '#8a8a8a' },
]

/** Font size by the longest line: ≤5 chars 55, ≤7 45, 8 → 40, 9 → 35, otherwise 30. */
export function fontSizeFor(text: string): number {
  const longest = Math.max(0, ...text.split('\n').map((l) => [...l].length))
  if (longest <= 5) return 55
  if (longest <= 7) return 45
  if (longest === 8) return 40
  if (longest === 9) return 35
  return 30
}

/** Wrap long lines to fit the canvas width at the chosen size. */
export function wrapLines(text: string, maxChars: number): string[] {
  const out: string[] = []
  for (const line of text.split('\n')) {
    const chars = [...line]
    if (chars.length === 0) out.push('')
    for (let i = 0; i < chars.length; i += maxChars) out.push(chars.slice(i, i + maxChars).join(''))
  }
  return out
}

export function renderTextImage(canvas: HTMLCanvasElement, text: string, template: Template, fontFamily: string): void {
  canvas.width = CANVAS_W
  canvas.height = CANVAS_H
  const ctx = canvas.getContext('2d')
  if (!ctx) return
  const g = ctx.createLinearGradient(0, 0, CANVAS_W, CANVAS_H)
  g.addColorStop(0, template.background[0])
  g.addColorStop(1, template.background[1])
  ctx.fillStyle = g
  ctx.fillRect(0, 0, CANVAS_W, CANVAS_H)
  ctx.strokeStyle = template.frame
  ctx.lineWidth = 6
  ctx.strokeRect(18, 18, CANVAS_W - 36, CANVAS_H - 36)
  ctx.lineWidth = 2
  ctx.strokeRect(30, 30, CANVAS_W - 60, CANVAS_H - 60)
  const size = fontSizeFor(text)
  const lines = wrapLines(text, Math.floor((CANVAS_W - 80) / size))
  ctx.font = `bold ${size}px ${fontFamily}`
  ctx.textAlign = 'center'
  ctx.textBaseline = 'middle'
  ctx.lineJoin = 'round'
  const lineH = size * 1.35
  const startY = CANVAS_H / 2 - ((lines.length - 1) * lineH) / 2
  lines.forEach((line, i) => {
    const y = startY + i * lineH
    ctx.strokeStyle = '#ffffff'
    ctx.lineWidth = Math.max(4, size / 8)
    ctx.strokeText(line, CANVAS_W / 2, y)
    ctx.fillStyle = '#000000'
    ctx.fillText(line, CANVAS_W / 2, y)
  })
}
