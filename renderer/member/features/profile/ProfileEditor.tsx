import { useQueryClient } from '@tanstack/react-query'
import { useRef, useState } from 'react'
import { ApiError } from '../../../common/api/errors'
import { Avatar } from '../../../common/components/Img'
import { Modal } from '../../../common/components/Modal'
import { toast } from '../../../common/components/toast'
import type { UserProfile } from '../../api/types'
import { uploadImage } from '../../api/upload'
import { updateProfile } from '../../api/users'
import { useSession } from '../../session/SessionContext'
import { AvatarCropper } from './AvatarCropper'
import { addInterest, avatarFileError, EDUCATIONS, GENDERS, MBTI_DIMENSIONS, PROFILE_LIMITS, ZODIACS } from './profileOptions'

/** Edit profile (spec §2.8): avatar with square crop (uploaded on save), basic fields, MBTI, interests. */
export function ProfileEditor({ profile, onClose }: { profile: UserProfile; onClose: () => void }) {
  const qc = useQueryClient()
  const { updateUser, user } = useSession()
  const [f, setF] = useState({
    nickname: profile.nickname,
    bio: profile.bio,
    gender: profile.gender || '暂不设置',
    zodiac_sign: profile.zodiac_sign || '暂不设置',
    mbti: profile.mbti ?? '',
    education: profile.education || '暂不设置',
    major: profile.major ?? '',
    location: profile.location,
  })
  const [interests, setInterests] = useState<string[]>(profile.interests)
  const [interest, setInterest] = useState('')
  const [cropFile, setCropFile] = useState<File | null>(null)
  const [avatar, setAvatar] = useState<{ blob: Blob; preview: string } | null>(null)
  const [saving, setSaving] = useState<'' | 'upload' | 'save'>('')
  const fileRef = useRef<HTMLInputElement>(null)
  const set = (k: keyof typeof f, v: string) => setF((x) => ({ ...x, [k]: v }))

  const mbtiAt = (i: number) => f.mbti[i] ?? ''
  const setMbti = (i: number, letter: string) => {
    const letters = MBTI_DIMENSIONS.map((_, j) => (j === i ? letter : mbtiAt(j)))
    set('mbti', letters.every(Boolean) ? letters.join('') : letters.map((l) => l || '_').join(''))
  }

  const save = async () => {
    if (!f.nickname.trim()) return toast.warning('昵称不能为空')
    setSaving('save')
    try {
      let avatarUrl: string | undefined
      if (avatar) {
        setSaving('upload')
        try {
          avatarUrl = await uploadImage(avatar.blob, 'avatar.png')
        } catch (err) {
          toast.error(err instanceof ApiError && err.message ? err.message : '头像上传失败，请重试')
          return
        }
        setSaving('save')
      }
      const clean = (v: string) => (v === '暂不设置' ? '' : v)
      const updated = await updateProfile(profile.user_id, {
        ...(avatarUrl ? { avatar: avatarUrl } : {}),
        nickname: f.nickname.trim(),
        bio: f.bio.trim(),
        gender: clean(f.gender),
        zodiac_sign: clean(f.zodiac_sign),
        mbti: /^[EI][SN][TF][JP]$/.test(f.mbti) ? f.mbti : '',
        education: clean(f.education),
        major: f.major.trim(),
        interests,
        location: f.location.trim(),
      })
      toast.success('资料更新成功')
      if (user) updateUser(updated)
      void qc.invalidateQueries({ queryKey: ['profile', profile.user_id] })
      setTimeout(onClose, 100)
    } catch (err) {
      toast.error(err instanceof ApiError && err.message ? err.message : '保存失败，请重试')
    } finally {
      setSaving('')
    }
  }

  const select = (k: keyof typeof f, label: string, options: readonly string[]) => (
    <label className="pe-field">
      <span>{label}</span>
      <select className="field-select" value={f[k]} onChange={(e) => set(k, e.target.value)}>
        {options.map((o) => (
          <option key={o}>{o}</option>
        ))}
      </select>
    </label>
  )

  return (
    <Modal open onClose={onClose} width={520} title="编辑资料" className="profile-editor">
      <div className="pe-avatar">
        <Avatar src={avatar?.preview ?? profile.avatar} size={72} />
        <button type="button" className="btn btn-ghost btn-sm" onClick={() => fileRef.current?.click()}>
          更换头像
        </button>
        <input
          ref={fileRef}
          type="file"
          accept="image/jpeg,image/png,image/gif,image/webp"
          hidden
          onChange={(e) => {
            const file = e.target.files?.[0]
            e.target.value = ''
            if (!file) return
            const err = avatarFileError(file)
            if (err) toast.error(err)
            else setCropFile(file)
          }}
        />
      </div>
      <label className="pe-field">
        <span>昵称</span>
        <input className="field-input" value={f.nickname} maxLength={PROFILE_LIMITS.nickname} onChange={(e) => set('nickname', e.target.value)} />
      </label>
      <label className="pe-field">
        <span>
          简介 <em>{f.bio.length}/{PROFILE_LIMITS.bio}</em>
        </span>
        <textarea className="field-input pe-bio" value={f.bio} maxLength={PROFILE_LIMITS.bio} rows={3} onChange={(e) => set('bio', e.target.value)} />
      </label>
      <div className="pe-row">
        {select('gender', '性别', GENDERS)}
        {select('zodiac_sign', '星座', ZODIACS)}
        {select('education', '学历', EDUCATIONS)}
      </div>
      <div className="pe-field">
        <span>
          MBTI {!/^[EI][SN][TF][JP]$/.test(f.mbti) && <em>请选择MBTI类型</em>}
          {f.mbti && (
            <button type="button" className="pe-clear" onClick={() => set('mbti', '')}>
              清除
            </button>
          )}
        </span>
        <div className="pe-mbti">
          {MBTI_DIMENSIONS.map((pair, i) => (
            <div key={pair.join('')} className="pe-mbti-dim">
              {pair.map((l) => (
                <button key={l} type="button" className={mbtiAt(i) === l ? 'active' : ''} onClick={() => setMbti(i, l)}>
                  {l}
                </button>
              ))}
            </div>
          ))}
        </div>
      </div>
      <div className="pe-row">
        <label className="pe-field">
          <span>专业</span>
          <input className="field-input" value={f.major} maxLength={PROFILE_LIMITS.major} onChange={(e) => set('major', e.target.value)} />
        </label>
        <label className="pe-field">
          <span>所在地</span>
          <input className="field-input" value={f.location} maxLength={20} onChange={(e) => set('location', e.target.value)} />
        </label>
      </div>
      <div className="pe-field">
        <span>兴趣爱好</span>
        <div className="tag-row">
          <input
            className="field-input tag-field"
            placeholder="最长8个字，最多5个"
            value={interest}
            maxLength={PROFILE_LIMITS.interest}
            onChange={(e) => setInterest(e.target.value)}
            onKeyDown={(e) => {
              if (e.key === 'Enter') {
                e.preventDefault()
                setInterests((l) => addInterest(l, interest))
                setInterest('')
              }
            }}
            onBlur={() => {
              if (interest.trim()) setInterests((l) => addInterest(l, interest))
              setInterest('')
            }}
          />
          <button type="button" className="btn btn-ghost btn-sm" onMouseDown={(e) => e.preventDefault()} onClick={() => (setInterests((l) => addInterest(l, interest)), setInterest(''))}>
            添加
          </button>
        </div>
        <div className="tag-chips">
          {interests.map((t) => (
            <span key={t} className="tag-chip">
              {t}
              <button type="button" aria-label={`删除 ${t}`} onClick={() => setInterests((l) => l.filter((x) => x !== t))}>
                ×
              </button>
            </span>
          ))}
        </div>
      </div>
      <div className="confirm-actions">
        <button type="button" className="btn btn-ghost btn-sm" onClick={onClose}>
          取消
        </button>
        <button type="button" className="btn btn-primary btn-sm" disabled={saving !== ''} onClick={() => void save()}>
          {saving === 'upload' ? '上传中...' : saving === 'save' ? '保存中...' : '保存'}
        </button>
      </div>
      {cropFile && (
        <AvatarCropper
          file={cropFile}
          onCancel={() => setCropFile(null)}
          onDone={(blob, preview) => {
            setAvatar({ blob, preview })
            setCropFile(null)
          }}
        />
      )}
    </Modal>
  )
}
