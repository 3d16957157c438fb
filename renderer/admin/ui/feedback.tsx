import { createContext, useCallback, useContext, useMemo, useRef, useState, type ReactNode } from 'react'
import { useTopLayer } from '../../common/hooks/useTopLayer'
import { Modal } from './Modal'

export type ToastTone = 'success' | 'error' | 'info'

interface ToastItem {
  id: number
  message: string
  tone: ToastTone
}

interface PromptOptions {
  title: string
  message: string
  placeholder?: string
  required?: boolean
  requiredMessage?: string
}

interface ChoiceOptions extends PromptOptions {
  choices: Array<{ value: string; label: string }>
}

interface Dialog {
  kind: 'confirm' | 'prompt'
  title: string
  message: string
  placeholder?: string
  required?: boolean
  requiredMessage?: string
  choices?: Array<{ value: string; label: string }>
  resolve: (value: string | null) => void
}

export interface Feedback {
  toast: (message: string, tone?: ToastTone) => void
  confirm: (message: string, title?: string) => Promise<boolean>
  prompt: (options: PromptOptions) => Promise<string | null>
  /** A prompt with a radio choice above the text; resolves both, or null when cancelled. */
  choose: (options: ChoiceOptions) => Promise<{ choice: string; text: string } | null>
}

const FeedbackContext = createContext<Feedback | null>(null)

/** Toast duration from the spec (admin toast 3 s). */
export const TOAST_MS = 3000

export function FeedbackProvider({ children }: { children: ReactNode }) {
  const [toasts, setToasts] = useState<ToastItem[]>([])
  const [dialog, setDialog] = useState<Dialog | null>(null)
  const [text, setText] = useState('')
  const [textError, setTextError] = useState('')
  const [choice, setChoice] = useState('')
  const choiceRef = useRef('')
  const nextId = useRef(1)

  const toast = useCallback((message: string, tone: ToastTone = 'info') => {
    const id = nextId.current++
    setToasts((list) => [...list, { id, message, tone }])
    setTimeout(() => setToasts((list) => list.filter((t) => t.id !== id)), TOAST_MS)
  }, [])

  const confirm = useCallback(
    (message: string, title = '确认操作') =>
      new Promise<boolean>((resolve) => setDialog({ kind: 'confirm', title, message, resolve: (v) => resolve(v !== null) })),
    [],
  )

  const prompt = useCallback((options: PromptOptions) => {
    setText('')
    setTextError('')
    return new Promise<string | null>((resolve) => setDialog({ kind: 'prompt', ...options, resolve }))
  }, [])

  const choose = useCallback((options: ChoiceOptions) => {
    setText('')
    setTextError('')
    const first = options.choices[0]?.value ?? ''
    setChoice(first)
    choiceRef.current = first
    return new Promise<{ choice: string; text: string } | null>((resolve) =>
      setDialog({ kind: 'prompt', ...options, resolve: (v) => resolve(v === null ? null : { choice: choiceRef.current, text: v }) }),
    )
  }, [])

  const close = (value: string | null) => {
    dialog?.resolve(value)
    setDialog(null)
  }
  const submit = () => {
    if (dialog?.kind === 'prompt') {
      if (dialog.required && text.trim() === '') {
        setTextError(dialog.requiredMessage ?? '请输入内容')
        return
      }
      close(text.trim())
    } else close('')
  }

  const toastsRef = useTopLayer<HTMLDivElement>(toasts)
  const value = useMemo(() => ({ toast, confirm, prompt, choose }), [toast, confirm, prompt, choose])
  return (
    <FeedbackContext.Provider value={value}>
      {children}
      <div ref={toastsRef} className="toasts" aria-live="polite" popover="manual">
        {toasts.map((t) => (
          <div key={t.id} className={`toast toast-${t.tone}`} role={t.tone === 'error' ? 'alert' : 'status'}>
            {t.message}
          </div>
        ))}
      </div>
      {dialog ? (
        <Modal
          title={dialog.title}
          onClose={() => close(null)}
          width={420}
          footer={
            <>
              <button type="button" className="btn" onClick={() => close(null)}>
                取消
              </button>
              <button type="button" className="btn btn-primary" onClick={submit} data-testid="dialog-confirm">
                确定
              </button>
            </>
          }
        >
          <p className="dialog-message">{dialog.message}</p>
          {dialog.choices ? (
            <div className="segmented dialog-choices" role="radiogroup" aria-label={dialog.title}>
              {dialog.choices.map((c) => (
                <button
                  key={c.value}
                  type="button"
                  role="radio"
                  aria-checked={choice === c.value}
                  className={choice === c.value ? 'active' : ''}
                  onClick={() => {
                    setChoice(c.value)
                    choiceRef.current = c.value
                  }}
                >
                  {c.label}
                </button>
              ))}
            </div>
          ) : null}
          {dialog.kind === 'prompt' ? (
            <div className="field">
              <textarea
                className="input"
                rows={3}
                value={text}
                placeholder={dialog.placeholder}
                onChange={(e) => {
                  setText(e.target.value)
                  setTextError('')
                }}
                data-autofocus
              />
              {textError ? <div className="field-error">{textError}</div> : null}
            </div>
          ) : null}
        </Modal>
      ) : null}
    </FeedbackContext.Provider>
  )
}

export function useFeedback(): Feedback {
  const ctx = useContext(FeedbackContext)
  if (!ctx) throw new Error('useFeedback outside FeedbackProvider')
  return ctx
}
