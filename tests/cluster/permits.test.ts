/**
 * The primary's table of CPU pool slots (server/cluster/permits.ts): a pool's concurrency holds for the whole
 * server, however many workers ask; first come, first served; a worker that dies frees what it held.
 */
import { describe, expect, it } from 'vitest'
import { PermitTable } from '../../server/cluster/permits'

function table() {
  const grants: string[] = []
  const permits = new PermitTable<string>((worker, id) => grants.push(`${worker}#${id}`))
  return { permits, grants }
}

describe('cluster-wide CPU pool slots', () => {
  it('grants at most the limit across workers, in the order asked', () => {
    const { permits, grants } = table()
    permits.request('a', 'image', 1, 1)
    permits.request('b', 'image', 1, 1)
    permits.request('a', 'image', 1, 2)
    expect(grants).toEqual(['a#1'])
    permits.release('a', 'image')
    expect(grants).toEqual(['a#1', 'b#1'])
    permits.release('b', 'image')
    expect(grants).toEqual(['a#1', 'b#1', 'a#2'])
  })

  it('keeps pools apart', () => {
    const { permits, grants } = table()
    permits.request('a', 'image', 1, 1)
    permits.request('b', 'hash', 2, 1)
    permits.request('b', 'hash', 2, 2)
    permits.request('a', 'hash', 2, 2)
    expect(grants).toEqual(['a#1', 'b#1', 'b#2'])
  })

  it('frees the slots of a worker that died and drops its requests', () => {
    const { permits, grants } = table()
    permits.request('a', 'image', 1, 1)
    permits.request('a', 'image', 1, 2)
    permits.request('b', 'image', 1, 1)
    permits.forget('a')
    expect(grants).toEqual(['a#1', 'b#1'])
  })

  it('ignores a release of a slot the worker does not hold', () => {
    const { permits, grants } = table()
    permits.request('a', 'image', 1, 1)
    permits.release('b', 'image')
    permits.request('b', 'image', 1, 1)
    expect(grants).toEqual(['a#1'])
  })
})
