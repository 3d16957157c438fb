import { describe, expect, it } from 'vitest'
import { idSchema, pageQuery } from '../../../server/contract/common'

describe('idSchema', () => {
  it.each(['1', '42', 7, 2_147_483_647])('accepts %o', (v) => {
    expect(idSchema.safeParse(v).success).toBe(true)
  })

  it.each(['1e3', '0x10', ' 7', '0', '-1', '99999999999', 'abc', 1.5, 0, -3, null, ''])('refuses %o with the id message', (v) => {
    const result = idSchema.safeParse(v)
    expect(result.success).toBe(false)
    expect(result.error?.issues[0]?.message).toBe('无效的ID')
  })
})

describe('pageQuery', () => {
  it('defaults page 1 and the given limit', () => {
    expect(pageQuery(5).parse({})).toEqual({ page: 1, limit: 5 })
  })

  it('refuses a limit above 100 with a message naming the bound', () => {
    const result = pageQuery().safeParse({ limit: '1000000' })
    expect(result.error?.issues[0]?.message).toBe('limit 不能超过100')
  })

  it.each(['1e1', '0x10', '-1', '0', 'abc', '2.5'])('refuses page %o', (v) => {
    expect(pageQuery().safeParse({ page: v }).success).toBe(false)
  })

  it('reads digits', () => {
    expect(pageQuery().parse({ page: '3', limit: '50' })).toEqual({ page: 3, limit: 50 })
  })
})
