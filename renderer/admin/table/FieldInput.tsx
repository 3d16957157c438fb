import { useQuery } from '@tanstack/react-query'
import { useRef, useState } from 'react'
import { mediaUrl } from '../../common/api/env'
import { adminApi, errorMessage } from '../api/http'
import { Icon } from '../ui/icons'
import type { FormField, FormValue, FormValues } from './types'
import { IMAGE_MAX_COUNT, checkImages, checkVideo, uploadImages, uploadVideo } from './uploads'

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

function textOf(value: FormValue): string {
  return value === null || Array.isArray(value) ? '' : String(value)
}

function listOf(value: FormValue): string[] {
  return Array.isArray(value) ? value : []
}

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

function ImagesInput({ field, value, id, onChange, onBusy, onMessage }: FieldInputProps) {
  const items = listOf(value)
  const [uploading, setUploading] = useState(false)
  const [url, setUrl] = useState('')
  const fileRef = useRef<HTMLInputElement>(null)
  const max = field.maxItems ?? IMAGE_MAX_COUNT
  const addUrl = () => {
    const next = url.trim()
    if (next === '') return
    if (!/^(\/uploads\/|https?:\/\/)/.test(next)) {
      onMessage('图片地址需以 /uploads/ 或 http(s):// 开头', 'error')
      return
    }
    if (items.length >= max) {
      onMessage(`最多${max}张图片`, 'error')
      return
    }
    setUrl('')
    if (!items.includes(next)) onChange([...items, next])
  }
  const choose = async (list: FileList | null) => {
    const files = list ? [...list] : []
    if (files.length === 0) return
    if (items.length + files.length > max) {
      onMessage(`最多还能添加${max - items.length}张图片`, 'error')
      return
    }
    const problem = checkImages(files)
    if (problem) {
      onMessage(`图片上传失败: ${problem}`, 'error')
      return
    }
    setUploading(true)
    onBusy(true)
    if (files.length > 3) onMessage(`正在上传 ${files.length} 张图片，请耐心等待...`, 'info')
    try {
      const urls = await uploadImages(adminApi, files)
      onChange([...items, ...urls])
      if (files.length > 3) onMessage(`成功上传 ${urls.length} 张图片`, 'success')
    } catch (err) {
      onMessage(`图片上传失败: ${errorMessage(err)}`, 'error')
    } finally {
      setUploading(false)
      onBusy(false)
      if (fileRef.current) fileRef.current.value = ''
    }
  }
  return (
    <div className="images-input">
      {items.map((url, i) => (
        <div key={`${url}-${i}`} className="image-item">
          <img src={mediaUrl(url)} alt="" />
          <button type="button" className="image-remove" aria-label="移除图片" onClick={() => onChange(items.filter((_, j) => j !== i))}>
            <Icon name="x" size={12} />
          </button>
        </div>
      ))}
      {items.length < max ? (
        <label className="image-add" htmlFor={id}>
          {uploading ? '上传中...' : <Icon name="plus" />}
          <input id={id} ref={fileRef} type="file" accept=".jpg,.jpeg,.png,.webp" multiple hidden disabled={uploading} onChange={(e) => void choose(e.target.files)} />
        </label>
      ) : null}
      <div className="images-url">
        <input
          className="input input-url"
          aria-label={`${field.label}地址`}
          placeholder="或粘贴图片地址（/uploads/...）后回车"
          value={url}
          onChange={(e) => setUrl(e.target.value)}
          onKeyDown={(e) => {
            if (e.key === 'Enter') {
              e.preventDefault()
              addUrl()
            }
          }}
        />
        <span className="field-help">
          {items.length}/{max}
        </span>
      </div>
    </div>
  )
}

function VideoInput({ field, value, id, invalid, onChange, onChangeOther, onBusy, onMessage }: FieldInputProps) {
  const [uploading, setUploading] = useState(false)
  const choose = async (file: File | undefined) => {
    if (!file) return
    const problem = checkVideo(file)
    if (problem) {
      onMessage(problem, 'error')
      return
    }
    setUploading(true)
    onBusy(true)
    try {
      const result = await uploadVideo(adminApi, file)
      onChange(result.url)
      if (field.coverField && result.cover) onChangeOther(field.coverField, result.cover)
      onMessage('视频上传成功', 'success')
    } catch {
      onMessage('视频上传失败，请重试', 'error')
    } finally {
      setUploading(false)
      onBusy(false)
    }
  }
  return (
    <div className="video-input">
      <input id={id} className="input" aria-invalid={invalid} value={textOf(value)} placeholder="视频地址" onChange={(e) => onChange(e.target.value)} />
      <label className="btn btn-sm">
        {uploading ? '上传中...' : '上传'}
        <input type="file" accept=".mp4,.avi,.mov,video/*" hidden disabled={uploading} onChange={(e) => void choose(e.target.files?.[0])} />
      </label>
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
  }
}
