import { stat } from 'node:fs/promises'
import { fileTypeFromFile } from 'file-type'
import { stripMp4Metadata } from './mp4-metadata'
import { commitFile, newMediaName, type MediaStorage } from './storage'

/*
 * Videos are recognised by their bytes (file-type reads the container signature), never by name or
 * declared type. Accepted containers: MP4 (and M4V), QuickTime MOV, WebM, AVI, WMV (ASF) and FLV. The file
 * was streamed to disk by the multipart parser and is only renamed into place, never read into memory.
 * MP4 and MOV files first lose their location and device metadata (mp4-metadata.ts), in place. WebM, AVI,
 * FLV and WMV are stored as sent (no pure-JS remuxer; phones record MP4 or MOV: docs/decisions.md).
 */

export const VIDEO_MAX_BYTES = 100 * 1024 * 1024

/** file-type's extension → the extension we store (which also fixes the served Content-Type). */
const VIDEO_EXTENSIONS: Readonly<Record<string, string>> = {
  mp4: 'mp4',
  m4v: 'mp4',
  mov: 'mov',
  webm: 'webm',
  avi: 'avi',
  flv: 'flv',
  asf: 'wmv',
}

export class VideoRejected extends Error {
  override name = 'VideoRejected'
}

export interface StoredVideo {
  url: string
  size: number
}

export async function storeVideo(storage: MediaStorage, file: string): Promise<StoredVideo> {
  const type = await fileTypeFromFile(file).catch(() => undefined)
  const ext = type ? VIDEO_EXTENSIONS[type.ext] : undefined
  if (!ext) throw new VideoRejected('请选择视频文件')
  if (ext === 'mp4' || ext === 'mov') await stripMp4Metadata(file)
  const { size } = await stat(file)
  const target = newMediaName(ext)
  await commitFile(storage, file, target.rel)
  return { url: target.url, size }
}

/** Whether a stored upload is a video we accept (for notes that reference one). */
export async function isStoredVideo(file: string): Promise<boolean> {
  const type = await fileTypeFromFile(file).catch(() => undefined)
  return Boolean(type && VIDEO_EXTENSIONS[type.ext])
}
