import { constants } from 'node:zlib'
import compress from 'koa-compress'
import type { Middleware } from 'koa'

/**
 * On-the-fly compression of the replies the app builds (API JSON, error envelopes, the OpenAPI document).
 * Files of the renderer build come pre-compressed from disk (server/http/static.ts) and media are already
 * compressed formats, so neither passes through here (they are streamed with `ctx.respond = false`).
 *
 * - brotli at quality 5: measured on a feed page (23 KiB of JSON), 0.6 ms and 5.5 KiB against gzip -6's
 *   0.35 ms and 6.4 KiB; quality 4 cost as much as 5 here for a reply larger than gzip's (its faster hasher
 *   finds fewer matches in JSON). Quality 11 is for build time. gzip for clients without brotli; deflate and
 *   zstd are not offered (one behaviour on every Node version).
 * - Replies under 1 KiB stay as they are: the saving does not pay for the work and the header bytes.
 * - `text/event-stream` is never compressed: a compressing stream buffers, and an event must reach the
 *   client the moment it is written.
 */
export const COMPRESSION_THRESHOLD = 1024
export const BROTLI_QUALITY = 5

/** The text types the app itself answers with; everything else (images, video, archives) is left alone. */
const TEXT_TYPES = /^(?:text\/(?!event-stream\b)[\w.+-]+|application\/(?:json|[\w.+-]+\+json|javascript|xml|[\w.+-]+\+xml)|image\/svg\+xml)\s*(?:;|$)/i

export function isCompressible(type: string): boolean {
  return TEXT_TYPES.test(type)
}

export function compression(): Middleware {
  const compressReply = compress({
    threshold: COMPRESSION_THRESHOLD,
    filter: isCompressible,
    // The size hint lets brotli size its buffers to the reply instead of its 4 MiB default window.
    br: (_type: string, size: number) => ({ params: { [constants.BROTLI_PARAM_QUALITY]: BROTLI_QUALITY, [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT, [constants.BROTLI_PARAM_SIZE_HINT]: size } }),
    gzip: { level: 6 },
    deflate: false,
    zstd: false,
  })
  // Media are images and videos, already compressed: they pass by without even a Vary header.
  return (ctx, next) => (ctx.path.startsWith('/uploads/') ? next() : compressReply(ctx, next))
}
