/*
 * The image process (bundled to dist/server/image-worker.js; forked by image-process.ts): encodes uploaded
 * images for the server at a lower OS scheduling priority, so that encoding only ever gets the CPU that reads
 * and writes leave (issue 42: in-process, at the server's priority, two photos a second multiplied the reads'
 * p99 by ten). Its own libuv thread pool is sized by the server (UV_THREADPOOL_SIZE = the image pool's
 * slots) and libvips gets SHILIU_IMAGE_WORKER_THREADS threads per image, so its share of the machine is
 * bounded by the server's image pool, not by the core count.
 *
 * On Linux a thread's nice value is its own (setpriority on a pid only changes that thread), and new threads
 * inherit their creator's: every thread that exists now is lowered, and those made later (libuv's pool,
 * libvips' workers) come from lowered ones. It stops with the server (its IPC channel closes), not on signals:
 * a terminal's Ctrl-C or systemd's SIGTERM to the whole group must not fail the uploads the server is still
 * finishing during its graceful stop.
 */
import { readdirSync } from 'node:fs'
import { constants, getPriority, setPriority } from 'node:os'
import sharp from 'sharp'
import { encodeImage, EncodeFailure, type EncodeJob } from './image-encode'
import type { FromImageWorker, ToImageWorker } from './image-messages'

const wanted = Number(process.env.SHILIU_IMAGE_WORKER_NICE)
const target = Number.isInteger(wanted) ? Math.min(constants.priority.PRIORITY_LOW, Math.max(wanted, getPriority())) : constants.priority.PRIORITY_LOW

/** Lower every thread of this process to `target` (never raise one: that needs privileges). */
function lowerPriority(): void {
  let threads: number[] = []
  try {
    threads = readdirSync('/proc/self/task').map(Number)
  } catch {
    // Not Linux: the priority is the process's, set once below.
  }
  for (const tid of [0, ...threads]) {
    try {
      if (getPriority(tid) < target) setPriority(tid, target)
    } catch {
      // A thread that ended meanwhile.
    }
  }
}

lowerPriority()
const threads = Number(process.env.SHILIU_IMAGE_WORKER_THREADS)
if (Number.isInteger(threads) && threads >= 0) sharp.concurrency(threads)
// No cache of decoded images: every upload is a different file, and the memory is better left to the server.
sharp.cache(false)
lowerPriority()

const send = (message: FromImageWorker) => {
  if (process.connected) process.send!(message)
}

let active = 0
let peak = 0

process.on('message', (message: ToImageWorker) => {
  const job: EncodeJob = message.job
  active++
  peak = Math.max(peak, active)
  encodeImage(job).then(
    (encoded) => {
      active--
      send({ id: message.id, ok: true, encoded, peak })
    },
    (err: unknown) => {
      active--
      const failure = err instanceof EncodeFailure ? err : new EncodeFailure('encode', String(err))
      send({ id: message.id, ok: false, stage: failure.stage, message: failure.message, ...(failure.code ? { code: failure.code } : {}), peak })
    },
  )
})
process.on('disconnect', () => process.exit(0))
for (const signal of ['SIGINT', 'SIGTERM'] as const) process.on(signal, () => undefined)

send({ ready: true, nice: getPriority(), threads: sharp.concurrency(), uvThreads: Number(process.env.UV_THREADPOOL_SIZE) || 4 })
