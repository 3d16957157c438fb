import { useEffect, useState } from 'react'

export type ThemeChoice = 'system' | 'light' | 'dark'
const KEY = 'admin_theme'

function readChoice(): ThemeChoice {
  const v = localStorage.getItem(KEY)
  // nothing chosen yet: follow the system scheme (docs/accessibility.md), as the member app does
  return v === 'light' || v === 'dark' || v === 'system' ? v : 'system'
}

function apply(choice: ThemeChoice): void {
  const dark = choice === 'dark' || (choice === 'system' && window.matchMedia('(prefers-color-scheme: dark)').matches)
  document.documentElement.dataset.theme = dark ? 'dark' : 'light'
}

/** Applies the stored theme before first paint. */
export function applyStoredTheme(): void {
  apply(readChoice())
}

export function useTheme(): [ThemeChoice, (choice: ThemeChoice) => void] {
  const [choice, setChoice] = useState<ThemeChoice>(readChoice)
  useEffect(() => {
    apply(choice)
    localStorage.setItem(KEY, choice)
    if (choice !== 'system') return
    const mq = window.matchMedia('(prefers-color-scheme: dark)')
    const onChange = () => apply('system')
    mq.addEventListener('change', onChange)
    return () => mq.removeEventListener('change', onChange)
  }, [choice])
  return [choice, setChoice]
}
