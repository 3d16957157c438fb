/**
 * Where the time went, from the server's own GET /api/metrics (server/telemetry/metrics.ts) scraped before and
 * after the measured window: mean waits of the read connections, the writer, the image and hash pools, and
 * the event loop's lag. Means over the window (differences of the histograms' sums and counts).
 */

type Samples = Map<string, number>

/** Prometheus text → `name{labels}` → value. */
export function parseMetrics(text: string): Samples {
  const out: Samples = new Map()
  for (const line of text.split('\n')) {
    const m = /^([a-zA-Z_:][\w:]*(?:\{.*\})?) (\S+)$/.exec(line)
    if (m) out.set(m[1]!, Number(m[2]))
  }
  return out
}

export async function scrapeMetrics(url: string, token: string): Promise<Samples> {
  const res = await fetch(`${url}/api/metrics`, { headers: { authorization: `Bearer ${token}` } })
  if (res.status !== 200) throw new Error(`GET /api/metrics: ${res.status}`)
  return parseMetrics(await res.text())
}

/** One line per histogram: mean and count within the window. */
export function describeWindow(before: Samples, after: Samples): string {
  const diff = (key: string) => (after.get(key) ?? 0) - (before.get(key) ?? 0)
  const mean = (name: string, labels = '', unit = 1000, suffix = ' ms') => {
    const n = diff(`${name}_count${labels}`)
    return n ? `${((diff(`${name}_sum${labels}`) / n) * unit).toFixed(unit === 1 ? 1 : 2)}${suffix} mean × ${n}` : 'none'
  }
  return [
    `  read connection wait       ${mean('shiliu_read_queue_wait_seconds')}`,
    `  writer queue wait          ${mean('shiliu_writer_queue_wait_seconds')}; jobs per batch ${mean('shiliu_writer_batch_size', '', 1, '')}`,
    `  image pool wait / run      ${mean('shiliu_cpu_pool_wait_seconds', '{pool="image"}')} / ${mean('shiliu_cpu_pool_run_seconds', '{pool="image"}')}`,
    `  hash pool wait / run       ${mean('shiliu_cpu_pool_wait_seconds', '{pool="hash"}')} / ${mean('shiliu_cpu_pool_run_seconds', '{pool="hash"}')}`,
    `  image pool rejected        ${diff('shiliu_cpu_pool_rejected_total{pool="image"}')}`,
    `  event loop lag p99 (now)   ${((after.get('shiliu_nodejs_eventloop_lag_p99_seconds') ?? 0) * 1000).toFixed(1)} ms`,
  ].join('\n')
}
