import { useEffect, useRef, useState } from 'react'
import { Img } from '../../common/components/Img'
import { adminApi, errorMessage } from '../api/http'
import { Icon } from '../ui/icons'
import { listOf, textOf, type FieldInputProps } from './fieldValue'
import { IMAGE_MAX_COUNT, IMAGE_TIMEOUT_MS, checkImageUrl, checkImages, checkVideo, uploadImage, uploadImages, uploadVideo } from './uploads'

/* The note form's media controls: images (≤ 9, upload or pasted URL), the video, and its cover. */

export function ImagesInput({ field, value, id, onChange, onBusy, onMessage }: FieldInputProps) {
  const items = listOf(value)
  const [uploading, setUploading] = useState(false)
  const [url, setUrl] = useState('')
  const fileRef = useRef<HTMLInputElement>(null)
  const max = field.maxItems ?? IMAGE_MAX_COUNT
  const addUrl = () => {
    if (url.trim() === '') return
    // The server's own rule (server/contract/media.ts): only images this server stored.
    const checked = checkImageUrl(url)
    if ('problem' in checked) {
      onMessage(checked.problem, 'error')
      return
    }
    const next = checked.url
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
          <Img src={url} alt="" loading="eager" timeout={IMAGE_TIMEOUT_MS} />
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

export function VideoInput({ field, value, id, invalid, onChange, onChangeOther, onBusy, onMessage }: FieldInputProps) {
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

/** A video note's cover: upload one image (or paste an /uploads/ URL); the spec's cover messages. */
export function CoverInput({ field, value, id, invalid, onChange, onBusy, onMessage }: FieldInputProps) {
  const [uploading, setUploading] = useState(false)
  const [draft, setDraft] = useState(textOf(value))
  const current = textOf(value)
  // A video upload fills the cover too (the server's frame): show it in the box.
  useEffect(() => setDraft(current), [current])
  const choose = async (file: File | undefined) => {
    if (!file) {
      onMessage('没有需要上传的封面', 'info')
      return
    }
    const problem = checkImages([file])
    if (problem) {
      onMessage(`封面上传失败: ${problem}`, 'error')
      return
    }
    setUploading(true)
    onBusy(true)
    onMessage('正在上传封面...', 'info')
    try {
      const url = await uploadImage(adminApi, file)
      onChange(url)
      setDraft(url)
      onMessage('封面上传成功', 'success')
    } catch {
      onMessage('封面上传失败，请重试', 'error')
    } finally {
      setUploading(false)
      onBusy(false)
    }
  }
  const commitDraft = () => {
    if (draft.trim() === '') return onChange('')
    const checked = checkImageUrl(draft)
    if ('problem' in checked) return onMessage(checked.problem, 'error')
    onChange(checked.url)
  }
  return (
    <div className="cover-input">
      {current ? <Img className="cover-preview" src={current} alt="封面预览" loading="eager" timeout={IMAGE_TIMEOUT_MS} /> : <span className="cover-preview cover-empty">未设置封面</span>}
      <div className="video-input">
        <input
          id={id}
          className="input"
          aria-invalid={invalid}
          aria-label={`${field.label}地址`}
          value={draft}
          placeholder="上传封面，或粘贴 /uploads/ 图片地址"
          onChange={(e) => setDraft(e.target.value)}
          onBlur={commitDraft}
          onKeyDown={(e) => {
            if (e.key === 'Enter') {
              e.preventDefault()
              commitDraft()
            }
          }}
        />
        <label className="btn btn-sm">
          {uploading ? '上传中...' : '上传封面'}
          <input type="file" aria-label="上传封面" accept=".jpg,.jpeg,.png,.webp" hidden disabled={uploading} onChange={(e) => void choose(e.target.files?.[0])} />
        </label>
      </div>
    </div>
  )
}
