import { useEffect, useRef, useState } from 'react'
import { Icon } from '../../../common/components/Icon'
import { Modal } from '../../../common/components/Modal'
import { toast } from '../../../common/components/toast'
import { newImageItem, type ImageItem } from './ImageUploader'
import { FONTS, renderTextImage, TEMPLATES, TEXT_MAX } from './textImage'

/** 文字配图: turn text into a PNG note image with a frame template and a font. */
export function TextImageButton({ onImage, disabled }: { onImage: (item: ImageItem) => void; disabled?: boolean }) {
  const [open, setOpen] = useState(false)
  const [text, setText] = useState('')
  const [template, setTemplate] = useState(-1)
  const [font, setFont] = useState(0)
  const [busy, setBusy] = useState(false)
  const canvasRef = useRef<HTMLCanvasElement>(null)

  useEffect(() => {
    if (open && canvasRef.current && text.trim() && template >= 0) renderTextImage(canvasRef.current, text, TEMPLATES[template]!, FONTS[font]!.family)
  }, [open, text, template, font])

  const hint = !text.trim() && template < 0 ? '请输入文字并选择模板' : !text.trim() ? '请输入文字内容' : template < 0 ? '请选择模板' : ''

  const generate = () => {
    const canvas = canvasRef.current
    if (!canvas || hint) return
    setBusy(true)
    canvas.toBlob(
      (blob) => {
        setBusy(false)
        if (!blob) return toast.error('文字配图生成失败，请重试')
        onImage(newImageItem(new File([blob], `text-image-${Date.now()}.png`, { type: 'image/png' })))
        toast.success('文字配图已添加')
        setOpen(false)
        setText('')
      },
      'image/png',
      0.9,
    )
  }

  return (
    <>
      <button type="button" className="text-image-btn" disabled={disabled} onClick={() => setOpen(true)}>
        <Icon name="edit" size={14} /> 文字配图
      </button>
      <Modal open={open} onClose={() => setOpen(false)} width={640} title="文字配图">
        <div className="text-image">
          <div className="text-image-form">
            <textarea className="field-input text-image-text" placeholder="输入想要配图的文字" maxLength={TEXT_MAX} value={text} onChange={(e) => setText(e.target.value)} rows={4} />
            <div className="text-image-count">
              {text.length}/{TEXT_MAX}
            </div>
            <div className="field-label">模板</div>
            <div className="text-image-templates">
              {TEMPLATES.map((t, i) => (
                <button
                  type="button"
                  key={t.name}
                  title={t.name}
                  aria-label={t.name}
                  className={i === template ? 'active' : ''}
                  style={{ background: `linear-gradient(135deg, ${t.background[0]}, ${t.background[1]})`, borderColor: t.frame }}
                  onClick={() => setTemplate(i)}
                />
              ))}
            </div>
            <div className="field-label" id="text-image-font">
              字体
            </div>
            <select className="field-select" aria-labelledby="text-image-font" value={font} onChange={(e) => setFont(Number(e.target.value))}>
              {FONTS.map((f, i) => (
                <option key={f.label} value={i}>
                  {f.label}
                </option>
              ))}
            </select>
          </div>
          <div className="text-image-preview">
            {hint ? <div className="text-image-hint">{hint}</div> : <canvas ref={canvasRef} />}
          </div>
        </div>
        <div className="confirm-actions">
          <button type="button" className="btn btn-ghost btn-sm" onClick={() => setOpen(false)}>
            取消
          </button>
          <button type="button" className="btn btn-primary btn-sm" disabled={Boolean(hint) || busy} onClick={generate}>
            {busy ? '图片生成中...' : '生成并添加'}
          </button>
        </div>
      </Modal>
    </>
  )
}
