/**
 * Log files that do not grow forever: `<logDir>/server.log` (the embedded server's output) and
 * `<logDir>/main.log` (this process' console). When a file would pass `maxBytes` it becomes `<name>.1`
 * (`.1` → `.2` …, the oldest beyond `keep` is dropped) and a new one starts. Synchronous appends: the volume
 * is small, and a line is on disk before a crash.
 */
import { appendFileSync, mkdirSync, renameSync, rmSync, statSync } from 'node:fs';
import path from 'node:path';
import { format } from 'node:util';

export interface RotatingLogOptions {
  maxBytes?: number;
  /** Rotated files kept besides the current one. */
  keep?: number;
}

export class RotatingLog {
  readonly maxBytes: number;
  readonly keep: number;
  private size: number;

  constructor(
    readonly file: string,
    options: RotatingLogOptions = {},
  ) {
    this.maxBytes = options.maxBytes ?? 5 * 1024 * 1024;
    this.keep = options.keep ?? 3;
    mkdirSync(path.dirname(file), { recursive: true });
    this.size = (() => {
      try {
        return statSync(file).size;
      } catch {
        return 0;
      }
    })();
  }

  write(chunk: string | Uint8Array): void {
    const bytes = typeof chunk === 'string' ? Buffer.byteLength(chunk) : chunk.byteLength;
    if (this.size > 0 && this.size + bytes > this.maxBytes) this.rotate();
    try {
      appendFileSync(this.file, chunk);
      this.size += bytes;
    } catch {
      // A full disk must not take the app down with it.
    }
  }

  private rotate(): void {
    try {
      rmSync(`${this.file}.${this.keep}`, { force: true });
      for (let i = this.keep - 1; i >= 1; i--) {
        try {
          renameSync(`${this.file}.${i}`, `${this.file}.${i + 1}`);
        } catch {
          // that generation does not exist yet
        }
      }
      renameSync(this.file, `${this.file}.1`);
    } catch {
      // keep appending to the current file rather than lose lines
    }
    this.size = 0;
  }
}

/** Copies console.log/info/warn/error of this process into `log` (with a time stamp), keeping the console. */
export function mirrorConsole(log: RotatingLog, target: Pick<Console, 'log' | 'info' | 'warn' | 'error'> = console): void {
  for (const level of ['log', 'info', 'warn', 'error'] as const) {
    const original = target[level].bind(target);
    target[level] = (...args: unknown[]) => {
      log.write(`${new Date().toISOString()} ${level.toUpperCase()} ${format(...args)}\n`);
      original(...args);
    };
  }
}
