import { useQuery } from '@tanstack/react-query'
import { useEffect, useRef, useState } from 'react'
import { Link, useNavigate, useSearchParams } from 'react-router'
import { Icon } from '../../../common/components/Icon'
import { Spinner } from '../../../common/components/Spinner'
import { toast } from '../../../common/components/toast'
import { getPost, listCategories } from '../../api/posts'
import { LoginPrompt } from '../../pages/LoginPrompt'
import { banMessage } from '../../../../server/contract/ban-text'
import { useMyBan } from '../moderation/useMyBan'
import { useSession } from '../../session/SessionContext'
import { ContentEditor } from './ContentEditor'
import { ImageUploader } from './ImageUploader'
import { draftError, PUBLISH_LIMITS, publishError } from './publishRules'
import { TagInput } from './TagInput'
import { TextImageButton } from './TextImageButton'
import { draftFacts, formFromPost, usePublishForm } from './usePublishForm'
import { useSubmitPost } from './useSubmitPost'
import { VideoUploader } from './VideoUploader'
import './publish.css'

const REDIRECT_MS = 1500

/**
 * A submit button that cannot submit yet still says why (issue 13): it looks disabled (aria-disabled), its tooltip
 * names the missing field, and a click shows the spec's message (请输入标题, 请选择分类, ...). Busy = really disabled.
 */
function blockedProps(missing: string, busy: boolean) {
  return { disabled: busy, 'aria-disabled': missing !== '' || busy, title: missing || undefined, 'data-blocked': missing !== '' || undefined }
}

/** Publish page (spec §2.6): image or video note, draft save/update, redirects after success. */
export function PublishPage() {
  const { user } = useSession()
  const ban = useMyBan()
  const navigate = useNavigate()
  const [params] = useSearchParams()
  const postParam = Number(params.get('postId')) || null
  const draftParam = Number(params.get('draftId')) || postParam
  const editingPublished = postParam !== null
  const [draftId, setDraftId] = useState<number | null>(draftParam)
  const { form, set, setType, reset, setForm } = usePublishForm()
  const { submit, busy } = useSubmitPost(
    (images) => set('images', images),
    (video) => set('video', video),
  )
  const categories = useQuery({ queryKey: ['categories'], queryFn: listCategories, staleTime: 10 * 60_000, enabled: Boolean(user) })
  const loadedDraft = useRef<number | null>(null)
  const [loadingDraft, setLoadingDraft] = useState(Boolean(draftParam))

  useEffect(() => {
    document.title = '发布笔记 - 石榴'
  }, [])

  useEffect(() => {
    if (categories.isError) toast.error('加载分类失败')
  }, [categories.isError])

  // Load an existing draft (?draftId=&mode=edit); a missing draft leads back to the draft box.
  useEffect(() => {
    if (!user || !draftParam || loadedDraft.current === draftParam || !categories.isFetched) return
    loadedDraft.current = draftParam
    setLoadingDraft(true)
    getPost(draftParam, true)
      .then((post) => {
        setForm(formFromPost(post, categories.data ?? []))
        setDraftId(post.id)
        if (!editingPublished) toast.success('草稿加载成功')
      })
      .catch(() => {
        toast.error(editingPublished ? '笔记不存在或已被删除' : '草稿不存在或已被删除')
        navigate(editingPublished ? '/post-management' : '/draft-box', { replace: true })
      })
      .finally(() => setLoadingDraft(false))
  }, [user, draftParam, editingPublished, categories.isFetched, categories.data, setForm, navigate])

  const facts = draftFacts(form)

  const onPublish = async () => {
    const err = publishError(facts)
    if (err) return toast.warning(err)
    const id = await submit(form, false, draftId, editingPublished)
    if (id === null) return
    reset()
    setDraftId(null)
    setTimeout(() => navigate('/post-management'), REDIRECT_MS)
  }

  const onDraft = async () => {
    const err = draftError(facts)
    if (err) return toast.warning(err)
    const id = await submit(form, true, draftId)
    if (id === null) return
    setDraftId(id)
    setTimeout(() => navigate('/draft-box'), REDIRECT_MS)
  }

  const header = (
    <div className="publish-header">
      <h1>{editingPublished ? '编辑笔记' : draftId ? '编辑草稿' : '发布笔记'}</h1>
      <div className="publish-header-actions">
        <Link to="/draft-box" className="btn btn-primary btn-sm">
          <Icon name="draft" size={16} /> 草稿箱
        </Link>
        <Link to="/post-management" className="btn btn-primary btn-sm">
          <Icon name="list" size={16} /> 笔记管理
        </Link>
      </div>
    </div>
  )

  if (!user)
    return (
      <div className="publish">
        {header}
        <LoginPrompt title="请先登录" hint="登录后即可发布图文或视频笔记" />
      </div>
    )

  if (ban)
    return (
      <div className="publish">
        {header}
        <div className="login-prompt" role="alert">
          <h2>暂时无法发布</h2>
          <p>{banMessage(ban)}</p>
        </div>
      </div>
    )

  return (
    <div className="publish">
      {header}
      {loadingDraft ? (
        <Spinner label={editingPublished ? '加载笔记中...' : '加载草稿中...'} />
      ) : (
        <div className="publish-body">
          <div className="publish-tabs" role="tablist">
            <button type="button" role="tab" aria-selected={form.type === 1} className={form.type === 1 ? 'active' : ''} onClick={() => setType(1)}>
              上传图文
            </button>
            <button type="button" role="tab" aria-selected={form.type === 2} className={form.type === 2 ? 'active' : ''} onClick={() => setType(2)}>
              上传视频
            </button>
          </div>
          {form.type === 1 ? (
            <>
              <ImageUploader items={form.images} onChange={(images) => set('images', images)} allowDeleteLast={!editingPublished} />
              <ul className="publish-rules">
                <li>最多上传9张图片</li>
                <li>支持 JPG、PNG、WebP 格式</li>
                <li>单张图片不超过5MB，超过0.8MB会自动压缩</li>
                <li>拖拽图片可调整顺序（手机上长按后拖动）</li>
              </ul>
              <TextImageButton disabled={form.images.length >= PUBLISH_LIMITS.images} onImage={(item) => set('images', [...form.images, item])} />
            </>
          ) : (
            <VideoUploader video={form.video} onChange={(v) => set('video', v)} />
          )}
          <div className="publish-title">
            <input
              placeholder="请输入标题"
              aria-label="标题"
              value={form.title}
              maxLength={PUBLISH_LIMITS.title}
              onChange={(e) => set('title', e.target.value)}
            />
            <span>
              {form.title.length}/{PUBLISH_LIMITS.title}
            </span>
          </div>
          <ContentEditor
            value={form.content}
            onChange={(v) => set('content', v)}
            onMention={(m) => setForm((f) => (f.mentions.some((x) => x.userId === m.userId) ? f : { ...f, mentions: [...f.mentions, m] }))}
          />
          <label className="field-label" htmlFor="publish-category">
            分类
          </label>
          <select
            id="publish-category"
            className="field-select"
            value={form.categoryId ?? ''}
            onChange={(e) => set('categoryId', Number(e.target.value) || null)}
          >
            <option value="">请选择分类</option>
            {(categories.data ?? []).map((c) => (
              <option key={c.id} value={c.id}>
                {c.name}
              </option>
            ))}
          </select>
          <div className="field-label">标签（最多{PUBLISH_LIMITS.tags}个）</div>
          <TagInput tags={form.tags} onChange={(tags) => set('tags', tags)} />
          <div className="publish-submit">
            {!editingPublished && (
              <button type="button" {...blockedProps(draftError(facts), busy !== null)} className="btn btn-ghost" onClick={() => void onDraft()}>
                {busy === 'draft' ? '保存中...' : '存草稿'}
              </button>
            )}
            <button type="button" {...blockedProps(publishError(facts), busy !== null)} className="btn btn-primary" onClick={() => void onPublish()}>
              {busy === 'publish' ? '发布中...' : editingPublished ? '保存修改' : '发布'}
            </button>
          </div>
        </div>
      )}
    </div>
  )
}
