/**
 * Quit sequence: the first `before-quit` is held back until the embedded
 * server has stopped, then the app quits for real. Repeated quit requests
 * while stopping are swallowed.
 */

export interface QuittableApp {
  on(event: 'before-quit', listener: (event: { preventDefault(): void }) => void): unknown;
  quit(): void;
}

export function installGracefulShutdown(app: QuittableApp, stop: () => Promise<void>, log: Pick<Console, 'error'> = console): void {
  let phase: 'running' | 'stopping' | 'done' = 'running';
  app.on('before-quit', (event) => {
    if (phase === 'done') return;
    event.preventDefault();
    if (phase === 'stopping') return;
    phase = 'stopping';
    stop()
      .catch((error: unknown) => log.error(`[lifecycle] error while stopping: ${String(error)}`))
      .finally(() => {
        phase = 'done';
        app.quit();
      });
  });
}
