import { useRef } from 'react'
import { Icon } from '../../../common/components/Icon'
import { Img } from '../../../common/components/Img'
import { toast } from '../../../common/components/toast'
import { formatBytes } from '../../../common/utils/format'
import { videoThumbnail } from './compress'
import { imageFileError, videoFileError } from './publishRules'

export interface VideoItem {
  file: File | null
  name: string
  size: number
  preview: string
  /** Cover to upload with the video: the generated frame or a chosen image. */
  cover: Blob | null
  coverPreview: string | null
  url: string | null
  coverUrl: string | null
  progress: number
  status: 'chosen' | 'uploading' | 'uploaded' | 'error'
}

export interface VideoUploaderProps {
  video: VideoItem | null
  onChange: (v: VideoItem | null) => void
}

/** One video per note: choose, automatic cover frame, optional custom cover (click the cover), upload progress. */
export function VideoUploader({ video, onChange }: VideoUploaderProps) {
  const videoInput = useRef<HTMLInputElement>(null)
  const coverInput = useRef<HTMLInputElement>(null)

  const choose = async (file: File | undefined) => {
    if (!file) return
    const err = videoFileError(file)
    if (err) return toast.error(err)
    const item: VideoItem = { file, name: file.name, size: file.size, preview: URL.createObjectURL(file), cover: null, coverPreview: null, url: null, coverUrl: null, progress: 0, status: 'chosen' }
    onChange(item)
    const thumb = await videoThumbnail(file)
    if (thumb) onChange({ ...item, cover: thumb, coverPreview: URL.createObjectURL(thumb) })
    else toast.warning('视频封面生成失败，可点击封面区域手动选择')
  }

  const chooseCover = (file: File | undefined) => {
    if (!file || !video) return
    const err = imageFileError(file)
    if (err) return toast.error(err)
    onChange({ ...video, cover: file, coverPreview: URL.createObjectURL(file), coverUrl: null })
  }

  return (
    <div className="video-uploader">
      {!video ? (
        <button type="button" className="video-add" onClick={() => videoInput.current?.click()}>
          <Icon name="video" size={30} />
          <span>上传视频</span>
          <small>支持 mp4、mov、webm 等格式，不超过100MB，建议5分钟以内</small>
        </button>
      ) : (
        <div className="video-card">
          <button type="button" className="video-cover" onClick={() => coverInput.current?.click()} title="点击更换封面">
            {video.coverPreview || video.coverUrl ? <Img src={video.coverPreview ?? video.coverUrl} alt="视频封面" loading="eager" /> : <span>选择封面</span>}
            <em>更换封面</em>
          </button>
          <div className="video-info">
            <div className="video-name">{video.name}</div>
            <div className="video-size">{video.size ? formatBytes(video.size) : '已上传'}</div>
            {video.status === 'uploading' && (
              <div className="video-progress" role="progressbar" aria-valuenow={video.progress} aria-valuemin={0} aria-valuemax={100}>
                <span style={{ width: `${video.progress}%` }} />
                <b>{video.progress}%</b>
              </div>
            )}
            {video.status === 'uploaded' && <div className="video-ok">视频上传成功</div>}
            {video.status === 'error' && <div className="video-err">视频上传失败，请重试</div>}
            <div className="video-actions">
              <button type="button" className="btn btn-ghost btn-sm" onClick={() => videoInput.current?.click()} disabled={video.status === 'uploading'}>
                重新选择
              </button>
              <button type="button" className="btn btn-ghost btn-sm" onClick={() => onChange(null)} disabled={video.status === 'uploading'}>
                删除
              </button>
            </div>
          </div>
        </div>
      )}
      <input ref={videoInput} type="file" accept="video/*,.mp4,.avi,.mov,.wmv,.flv,.webm" hidden onChange={(e) => { void choose(e.target.files?.[0]); e.target.value = '' }} />
      <input ref={coverInput} type="file" accept="image/jpeg,image/png,image/webp" hidden onChange={(e) => { chooseCover(e.target.files?.[0]); e.target.value = '' }} />
    </div>
  )
}
