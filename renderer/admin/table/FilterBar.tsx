import { useQuery } from '@tanstack/react-query'
import { useEffect, useId, useState } from 'react'
import { intFilter } from '../../../server/contract/admin/list'
import { adminApi } from '../api/http'
import { Icon } from '../ui/icons'
import type { Filter } from './types'

function FilterSelect({ filter, value, onChange }: { filter: Filter; value: string; onChange: (value: string) => void }) {
  const loaded = useQuery({
    queryKey: ['filter-options', filter.key, filter.label],
    queryFn: () => (filter.loadOptions ? filter.loadOptions(adminApi) : Promise.resolve([])),
    enabled: Boolean(filter.loadOptions),
    staleTime: 60_000,
  })
  return (
    <select className="input input-sm" aria-label={filter.label} value={value} onChange={(e) => onChange(e.target.value)}>
      <option value="">{filter.label}</option>
      {(filter.options ?? loaded.data ?? []).map((o) => (
        <option key={o.value} value={o.value}>
          {o.label}
        </option>
      ))}
    </select>
  )
}

interface FilterBarProps {
  filters: Filter[]
  applied: Record<string, string>
  onApply: (values: Record<string, string>) => void
  onClear: () => void
}

/** The first id filter whose text the server would refuse, with the server's own message (contract intFilter). */
export function filterProblem(filters: Filter[], values: Record<string, string>): string | null {
  for (const f of filters) {
    const value = (values[f.key] ?? '').trim()
    if (f.type !== 'id' || value === '') continue
    const parsed = intFilter.safeParse(value)
    if (!parsed.success) return `${f.label}：${parsed.error.issues[0]?.message ?? '筛选值必须是整数'}`
  }
  return null
}

/** Select and text filters with 筛选 / 清空; below 960 px it folds into a panel behind a toggle. */
export function FilterBar({ filters, applied, onApply, onClear }: FilterBarProps) {
  const [draft, setDraft] = useState<Record<string, string>>(applied)
  const [open, setOpen] = useState(false)
  const [problem, setProblem] = useState<string | null>(null)
  const panelId = useId()
  useEffect(() => setDraft(applied), [applied])
  if (filters.length === 0) return null
  const set = (key: string, value: string) => setDraft((d) => ({ ...d, [key]: value }))
  const activeCount = Object.keys(applied).length
  return (
    <div className="filter-area">
      {/* named by its visible text (WCAG 2.5.3); aria-expanded says the panel is open */}
      <button type="button" className="btn filter-toggle" onClick={() => setOpen((o) => !o)} aria-expanded={open} aria-controls={panelId}>
        <Icon name="filter" size={14} /> 筛选{activeCount > 0 ? ` (${activeCount})` : ''}
      </button>
      <form
        id={panelId}
        className={`filter-bar${open ? ' open' : ''}`}
        role="search"
        onSubmit={(e) => {
          e.preventDefault()
          const found = filterProblem(filters, draft)
          setProblem(found)
          if (found) return
          onApply(draft)
          setOpen(false)
        }}
      >
        {filters.map((f) =>
          f.type === 'select' ? (
            <FilterSelect key={f.key} filter={f} value={draft[f.key] ?? ''} onChange={(v) => set(f.key, v)} />
          ) : (
            <input
              key={f.key}
              className="input input-sm"
              aria-label={f.label}
              inputMode={f.type === 'id' ? 'numeric' : undefined}
              placeholder={f.placeholder ?? `搜索${f.label}`}
              value={draft[f.key] ?? ''}
              onChange={(e) => set(f.key, e.target.value)}
            />
          ),
        )}
        <button type="submit" className="btn btn-sm">
          筛选
        </button>
        <button
          type="button"
          className="btn btn-sm"
          onClick={() => {
            setDraft({})
            setProblem(null)
            onClear()
            setOpen(false)
          }}
        >
          清空
        </button>
        {problem ? (
          <span className="filter-error" role="alert">
            {problem}
          </span>
        ) : null}
      </form>
    </div>
  )
}
