/** Emoji sets for the picker; hand gestures accept skin-tone modifiers. */
export const EMOJI_GROUPS: readonly { name: string; icon: string; emojis: readonly string[] }[] = [
  {
    name: '表情',
    icon: '😀',
    emojis: [...'😀😃😄😁😆😅🤣😂🙂🙃😉😊😇🥰😍🤩😘😗😚😙😋😛😜🤪😝🤑🤗🤭🤫🤔🤐🤨😐😑😶😏😒🙄😬😌😔😪🤤😴😷🤒🤕🤢🥵🥶🥴😵🤯🤠🥳😎🤓🧐😕😟🙁😮😯😲😳🥺😦😧😨😰😥😢😭😱😖😣😞😓😩😫🥱😤😡😠🤬😈👿💀💩🤡👻👽🤖'],
  },
  {
    name: '手势',
    icon: '👍',
    emojis: ['👍', '👎', '👌', '✌', '🤞', '🤟', '🤘', '🤙', '👈', '👉', '👆', '👇', '☝', '✋', '🤚', '🖐', '🖖', '👋', '👏', '🙌', '👐', '🤲', '🙏', '✍', '💪', '🤝'],
  },
  {
    name: '爱心',
    icon: '❤️',
    emojis: ['❤️', '🧡', '💛', '💚', '💙', '💜', '🖤', '🤍', '🤎', '💔', '❣️', '💕', '💞', '💓', '💗', '💖', '💘', '💝', '💯', '✨', '🌟', '⭐', '🔥', '💥', '🎉', '🎊', '🎁', '🏆'],
  },
  {
    name: '自然',
    icon: '🌸',
    emojis: [...'🌸🌷🌹🌺🌻🌼💐🍀🌿🍃🍂🍁🌵🌴🌲🌈☀🌙⭐🌊❄🐶🐱🐭🐹🐰🦊🐻🐼🐨🐯🦁🐮🐷🐸🐵🐔🐧🐦🦄🐝🦋🐢'],
  },
  {
    name: '美食',
    icon: '🍰',
    emojis: [...'🍎🍊🍋🍌🍉🍇🍓🍒🍑🥭🍍🥝🍅🥑🍔🍟🍕🌭🥪🌮🍜🍝🍣🍱🥟🍤🍙🍚🍰🎂🍮🍭🍬🍫🍿🍩🍪☕🍵🧋🍺🥤'],
  },
  {
    name: '活动',
    icon: '⚽',
    emojis: [...'⚽🏀🏈⚾🎾🏐🏓🏸🥊🎯🎮🎲🎨🎬🎤🎧🎹🎸🎻📚📖✏📝📷💻📱⏰🎓🏫✈🚗🚲🏠⛺🎈'],
  },
]

const SKIN_CAPABLE = new Set(EMOJI_GROUPS[1]!.emojis)

export const SKIN_TONES: readonly { label: string; modifier: string; swatch: string }[] = [
  { label: '默认', modifier: '', swatch: '#ffcc4d' },
  { label: '浅', modifier: '\u{1F3FB}', swatch: '#f7dece' },
  { label: '中浅', modifier: '\u{1F3FC}', swatch: '#f3d2a2' },
  { label: '中', modifier: '\u{1F3FD}', swatch: '#d5ab88' },
  { label: '中深', modifier: '\u{1F3FE}', swatch: '#af7e57' },
  { label: '深', modifier: '\u{1F3FF}', swatch: '#7c533e' },
]

export function withSkin(emoji: string, modifier: string): string {
  return modifier && SKIN_CAPABLE.has(emoji) ? emoji + modifier : emoji
}

export const RECENT_KEY = 'emoji-recent'
export const RECENT_MAX = 24

export function pushRecent(list: readonly string[], emoji: string): string[] {
  return [emoji, ...list.filter((e) => e !== emoji)].slice(0, RECENT_MAX)
}

export function loadRecent(): string[] {
  try {
    const v: unknown = JSON.parse(localStorage.getItem(RECENT_KEY) ?? '[]')
    return Array.isArray(v) ? v.filter((x): x is string => typeof x === 'string').slice(0, RECENT_MAX) : []
  } catch {
    return []
  }
}
