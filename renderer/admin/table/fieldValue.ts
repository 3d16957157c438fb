import type { FormField, FormValue, FormValues } from './types'

/** What every form control receives (FieldInput and the media inputs). */
export interface FieldInputProps {
  field: FormField
  value: FormValue
  values: FormValues
  id: string
  invalid: boolean
  onChange: (value: FormValue) => void
  /** Sets another field (a video upload also fills the cover). */
  onChangeOther: (key: string, value: FormValue) => void
  onBusy: (busy: boolean) => void
  onMessage: (message: string, tone: 'success' | 'error' | 'info') => void
}

export function textOf(value: FormValue): string {
  return value === null || Array.isArray(value) ? '' : String(value)
}

export function listOf(value: FormValue): string[] {
  return Array.isArray(value) ? value : []
}
