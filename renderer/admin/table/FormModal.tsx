import { useId, useState } from 'react'
import { Modal } from '../ui/Modal'
import { FieldInput } from './FieldInput'
import type { FormField, FormMode, FormValue, FormValues } from './types'
import { isFieldVisible, validateForm } from './validation'

interface FormModalProps {
  title: string
  fields: FormField[]
  mode: FormMode
  initial: FormValues
  confirmText: string
  onSubmit: (values: FormValues) => Promise<void>
  onClose: () => void
  onMessage: (message: string, tone: 'success' | 'error' | 'info') => void
}

/** Create / edit form generated from a resource's field declarations. */
export function FormModal({ title, fields, mode, initial, confirmText, onSubmit, onClose, onMessage }: FormModalProps) {
  const baseId = useId()
  const [values, setValues] = useState<FormValues>(initial)
  const [touched, setTouched] = useState(false)
  const [busyUploads, setBusyUploads] = useState(0)
  const [submitting, setSubmitting] = useState(false)

  // Errors show after the first submit attempt and then follow every change.
  const errors = touched ? validateForm(fields, values, mode) : {}

  const update = (key: string, value: FormValue) => setValues((prev) => ({ ...prev, [key]: value }))

  const submit = async () => {
    setTouched(true)
    if (Object.keys(validateForm(fields, values, mode)).length > 0) return
    setSubmitting(true)
    try {
      await onSubmit(values)
    } finally {
      setSubmitting(false)
    }
  }

  const uploading = busyUploads > 0
  const buttonText = uploading ? '上传中...' : submitting ? '提交中...' : confirmText
  return (
    <Modal
      title={title}
      onClose={onClose}
      width={600}
      footer={
        <>
          <button type="button" className="btn" onClick={onClose}>
            取消
          </button>
          <button type="submit" form={`${baseId}-form`} className="btn btn-primary" disabled={uploading || submitting}>
            {buttonText}
          </button>
        </>
      }
    >
      <form
        id={`${baseId}-form`}
        className="form-grid"
        noValidate
        onSubmit={(e) => {
          e.preventDefault()
          void submit()
        }}
      >
        {fields
          .filter((f) => isFieldVisible(f, values, mode))
          .map((field) => {
            const id = `${baseId}-${field.key}`
            const error = errors[field.key]
            const required = field.required || field.requiredIn === mode
            return (
              <div key={field.key} className={`field${error ? ' has-error' : ''}`}>
                <label htmlFor={id} className="field-label">
                  {required ? <span className="required">*</span> : null}
                  {field.label}
                </label>
                <div className="field-control">
                  <FieldInput
                    field={field}
                    value={values[field.key] ?? null}
                    values={values}
                    id={id}
                    invalid={Boolean(error)}
                    onChange={(v) => update(field.key, v)}
                    onChangeOther={update}
                    onBusy={(busy) => setBusyUploads((n) => Math.max(0, n + (busy ? 1 : -1)))}
                    onMessage={onMessage}
                  />
                  {field.help ? <div className="field-help">{field.help}</div> : null}
                  {error ? (
                    <div className="field-error" role="alert">
                      {error}
                    </div>
                  ) : null}
                </div>
              </div>
            )
          })}
      </form>
    </Modal>
  )
}
