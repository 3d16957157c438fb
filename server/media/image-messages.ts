/* What the server and its image process (image-worker.ts, image-process.ts) say to each other over IPC. */
import type { EncodeJob, EncodeStage, Encoded } from './image-encode'

export interface ToImageWorker {
  id: number
  job: EncodeJob
}

/** What the image process reports once it runs: its priority and the threads it was given. */
export interface ImageWorkerReady {
  ready: true
  /** Its nice value (Unix) or priority class (Windows), as os.getPriority() reads it. */
  nice: number
  /** libvips threads per image (sharp.concurrency()). */
  threads: number
  /** libuv's thread pool: how many images it can encode at once. */
  uvThreads: number
}

/** `peak`: the most images it has encoded at once since it started. */
export type ImageWorkerReply =
  | { id: number; ok: true; encoded: Encoded; peak: number }
  | { id: number; ok: false; stage: EncodeStage; message: string; code?: string; peak: number }

export type FromImageWorker = ImageWorkerReady | ImageWorkerReply
