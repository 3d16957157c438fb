import { useQuery } from '@tanstack/react-query'
import { useState } from 'react'
import { adminApi } from '../api/http'
import { Icon } from '../ui/icons'
import { CoverInput, ImagesInput, VideoInput } from './MediaInputs'
import { listOf, textOf, type FieldInputProps } from './fieldValue'

function SelectInput({ field, value, id, invalid, onChange }: FieldInputProps) {
  const loaded = useQuery({
    queryKey: ['field-options', field.key, field.label],
    queryFn: () => (field.loadOptions ? field.loadOptions(adminApi) : Promise.resolve([])),
    enabled: Boolean(field.loadOptions),
    staleTime: 60_000,
  })
  const options = field.options ?? loaded.data ?? []
  return (
    <select id={id} className="input" aria-invalid={invalid} value={textOf(value)} onChange={(e) => onChange(e.target.value)}>
      <option value="">{field.placeholder ?? `请选择${field.label}`}</option>
      {options.map((o) => (
        <option key={o.value} value={o.value}>
          {o.label}
        </option>
      ))}
    </select>
  )
}

function ListInput({ field, value, id, onChange }: FieldInputProps) {
  const [draft, setDraft] = useState('')
  const items = listOf(value)
  const add = () => {
    const name = draft.trim().replace(/[,，]$/, '')
    setDraft('')
    if (name === '' || items.includes(name)) return
    onChange([...items, name])
  }
  return (
    <div className="chips-input">
      {items.map((item) => (
        <span key={item} className="chip">
          {item}
          <button type="button" aria-label={`移除 ${item}`} onClick={() => onChange(items.filter((i) => i !== item))}>
            <Icon name="x" size={12} />
          </button>
        </span>
      ))}
      <input
        id={id}
        className="chips-draft"
        value={draft}
        placeholder={field.placeholder ?? '输入后按回车添加'}
        onChange={(e) => setDraft(e.target.value)}
        onKeyDown={(e) => {
          if (e.key === 'Enter' || e.key === ',') {
            e.preventDefault()
            add()
          }
        }}
        onBlur={add}
      />
    </div>
  )
}

/** One form control, chosen by the field's declared type. */
export function FieldInput(props: FieldInputProps) {
  const { field, value, id, invalid, onChange } = props
  switch (field.type) {
    case 'textarea':
      return <textarea id={id} className="input" rows={4} aria-invalid={invalid} value={textOf(value)} placeholder={field.placeholder} onChange={(e) => onChange(e.target.value)} />
    case 'password':
    case 'text':
    case 'number':
      return (
        <input
          id={id}
          className="input"
          type={field.type === 'password' ? 'password' : field.type === 'number' ? 'number' : 'text'}
          min={field.min}
          autoComplete={field.type === 'password' ? 'new-password' : 'off'}
          aria-invalid={invalid}
          value={textOf(value)}
          placeholder={field.placeholder}
          onChange={(e) => onChange(e.target.value)}
        />
      )
    case 'select':
      return <SelectInput {...props} />
    case 'switch':
      return (
        <label className="switch">
          <input id={id} type="checkbox" checked={value === true} onChange={(e) => onChange(e.target.checked)} />
          <span className="switch-track" />
        </label>
      )
    case 'list':
      return <ListInput {...props} />
    case 'images':
      return <ImagesInput {...props} />
    case 'video':
      return <VideoInput {...props} />
    case 'cover':
      return <CoverInput {...props} />
  }
}
