import { useMemo, useState } from 'react'
import { adminApi, errorMessage } from '../api/http'
import { useFeedback } from '../ui/feedback'
import { isTruthy } from '../ui/format'
import { Icon } from '../ui/icons'
import { Modal } from '../ui/Modal'
import { Cell } from './cells/Cell'
import { ContentView } from './cells/ModalCells'
import { FilterBar } from './FilterBar'
import { FormModal } from './FormModal'
import { deleteConfirmText, loadFailureText, toggleConfirmText } from './messages'
import { PaginationBar } from './PaginationBar'
import { applyFilters, clearFilters, initialListState, toggleSort, type ListState } from './query'
import type { ActionContext, Column, FormMode, FormValues, ResourceDef, Row, RowToggle } from './types'
import { useResourceList } from './useResourceList'
import { defaultPayload, initialValues } from './validation'

type Mode = { kind: 'normal' } | { kind: 'batch' } | { kind: 'create' } | { kind: 'edit'; row: Row; values: FormValues }

function rowId(row: Row): string | number {
  const id = row.id
  return typeof id === 'number' || typeof id === 'string' ? id : ''
}

function SortButtons({ column, state, onSort }: { column: Column; state: ListState; onSort: (field: string, order: 'asc' | 'desc') => void }) {
  const active = state.sort?.field === column.key ? state.sort.order : null
  return (
    <span className="sort-buttons">
      <button type="button" className={active === 'asc' ? 'active' : ''} aria-label={`${column.label}升序`} aria-pressed={active === 'asc'} onClick={() => onSort(column.key, 'asc')}>
        ▲
      </button>
      <button type="button" className={active === 'desc' ? 'active' : ''} aria-label={`${column.label}降序`} aria-pressed={active === 'desc'} onClick={() => onSort(column.key, 'desc')}>
        ▼
      </button>
    </span>
  )
}

/** The one management table every resource screen uses, driven by its declaration. */
export function ResourceTable({ def }: { def: ResourceDef }) {
  const feedback = useFeedback()
  const [state, setState] = useState<ListState>(() => initialListState(def))
  const [mode, setMode] = useState<Mode>({ kind: 'normal' })
  const [selected, setSelected] = useState<Set<string | number>>(new Set())
  const [working, setWorking] = useState(false)
  /** Content an action fetched to show (the audit screen's revealed application). */
  const [shown, setShown] = useState<{ title: string; html: string } | null>(null)
  const { query, prefetch, resetCache } = useResourceList(def, state)

  const rows = query.data?.data ?? []
  const pagination = query.data?.pagination ?? { page: state.page, limit: state.limit, total: 0, pages: 1 }
  const canCreate = def.canCreate ?? true
  const canEdit = def.canEdit ?? true
  const canDelete = def.canDelete ?? true
  const hasActions = canEdit || canDelete || (def.toggles ?? []).length > 0 || (def.actions ?? []).length > 0

  /** Filter or sort change (cached pages are dropped by useResourceList once the new query is shown). */
  const change = (next: ListState) => setState(next)

  const ctx: ActionContext = useMemo(
    () => ({ api: adminApi, toast: feedback.toast, prompt: feedback.prompt, choose: feedback.choose, confirm: (m: string) => feedback.confirm(m), show: (title: string, html: string) => setShown({ title, html }) }),
    [feedback],
  )

  const busy = async (work: () => Promise<void>) => {
    setWorking(true)
    try {
      await work()
    } finally {
      setWorking(false)
    }
  }

  const remove = async (row: Row) => {
    if (!(await feedback.confirm(deleteConfirmText(def, row), '确认删除'))) return
    await busy(async () => {
      try {
        await adminApi.del(`${def.endpoint}/${rowId(row)}`)
        feedback.toast('删除成功', 'success')
        await resetCache()
      } catch (err) {
        const m = errorMessage(err)
        feedback.toast(m ? `删除失败: ${m}` : '删除失败', 'error')
      }
    })
  }

  const removeSelected = async () => {
    if (selected.size === 0) {
      feedback.toast('请选择要删除的项目', 'error')
      return
    }
    if (!(await feedback.confirm(`确定要删除选中的 ${selected.size} 项吗？此操作不可撤销`, '确认批量删除'))) return
    await busy(async () => {
      try {
        await adminApi.del(def.endpoint, { ids: [...selected] })
        feedback.toast(`成功删除 ${selected.size} 项`, 'success')
        setSelected(new Set())
        setMode({ kind: 'normal' })
        await resetCache()
      } catch (err) {
        feedback.toast(`批量删除失败: ${errorMessage(err) || '未知错误'}`, 'error')
      }
    })
  }

  const toggle = async (row: Row, t: RowToggle) => {
    const on = isTruthy(row[t.field])
    const title = on ? t.onTitle : t.offTitle
    if (!(await feedback.confirm(toggleConfirmText(def, row, title)))) return
    const current = row[t.field]
    const next = typeof current === 'boolean' ? !on : on ? 0 : 1
    await busy(async () => {
      try {
        await adminApi.put(`${def.endpoint}/${rowId(row)}`, { [t.field]: next })
        feedback.toast('更新成功', 'success')
        await resetCache()
      } catch (err) {
        const m = errorMessage(err)
        feedback.toast(m ? `操作失败: ${m}` : '操作失败', 'error')
      }
    })
  }

  const openEdit = async (row: Row) => {
    await busy(async () => {
      try {
        const full = def.loadForEdit ? await def.loadForEdit(row, adminApi) : row
        setMode({ kind: 'edit', row, values: def.toForm ? def.toForm(full) : initialValues(def.fields, full) })
      } catch (err) {
        // loadForEdit names what failed (e.g. 获取视频信息失败: …).
        feedback.toast(errorMessage(err) || '获取详情失败', 'error')
      }
    })
  }

  const save = async (formMode: FormMode, values: FormValues, row?: Row) => {
    const body = def.toPayload ? def.toPayload(values, formMode) : defaultPayload(def.fields, values, formMode)
    try {
      if (formMode === 'create') await adminApi.post(def.endpoint, body)
      else await adminApi.put(`${def.endpoint}/${rowId(row ?? {})}`, body)
      feedback.toast(formMode === 'create' ? `${def.entity}创建成功` : '更新成功', 'success')
      setMode({ kind: 'normal' })
      await resetCache()
    } catch (err) {
      const m = errorMessage(err)
      const failure = def.saveFailure ?? '操作失败'
      feedback.toast(m ? `${failure}: ${m}` : failure, 'error')
    }
  }

  const allSelected = rows.length > 0 && rows.every((r) => selected.has(rowId(r)))
  const batch = mode.kind === 'batch'

  return (
    <section className="resource" aria-label={def.title}>
      <div className="toolbar">
        <FilterBar filters={def.filters} applied={state.filters} onApply={(f) => change(applyFilters(state, f))} onClear={() => change(clearFilters(state))} />
        <div className="toolbar-actions">
          {!canDelete ? null : batch ? (
            <>
              <button type="button" className="btn btn-danger" onClick={() => void removeSelected()}>
                <Icon name="trash" size={14} /> 确认删除 ({selected.size})
              </button>
              <button
                type="button"
                className="btn"
                onClick={() => {
                  setSelected(new Set())
                  setMode({ kind: 'normal' })
                }}
              >
                取消
              </button>
            </>
          ) : (
            <button type="button" className="btn btn-danger" onClick={() => setMode({ kind: 'batch' })}>
              <Icon name="trash" size={14} /> 批量删除
            </button>
          )}
          {canCreate ? (
            <button type="button" className="btn btn-danger" onClick={() => setMode({ kind: 'create' })}>
              <Icon name="plus" size={14} /> 新增{def.entity}
            </button>
          ) : null}
          <button type="button" className="btn btn-gray" onClick={() => void resetCache()}>
            <Icon name="refresh" size={14} /> 刷新
          </button>
        </div>
      </div>

      <div className="table-wrap">
        {query.isFetching || working ? (
          <div className="loading-overlay" role="status" aria-label="加载中">
            <span className="spinner" />
          </div>
        ) : null}
        <table className="data-table">
          <thead>
            <tr>
              {batch ? (
                <th className="col-check">
                  <input
                    type="checkbox"
                    aria-label="全选"
                    checked={allSelected}
                    onChange={(e) => setSelected(e.target.checked ? new Set(rows.map(rowId)) : new Set())}
                  />
                </th>
              ) : null}
              {def.columns.map((c) => (
                <th key={c.key} style={c.width ? { width: c.width } : undefined}>
                  <span className="th-inner">
                    {c.label}
                    {c.sortable ? <SortButtons column={c} state={state} onSort={(f, o) => change(toggleSort(state, f, o))} /> : null}
                  </span>
                </th>
              ))}
              {hasActions ? <th className="col-actions">操作</th> : null}
            </tr>
          </thead>
          <tbody>
            {query.isError && !query.isFetching ? (
              <tr>
                <td className="empty load-error" colSpan={def.columns.length + 2}>
                  <div role="alert">
                    <p>{loadFailureText(query.error)}</p>
                    <button type="button" className="btn btn-sm" onClick={() => void query.refetch()}>
                      <Icon name="refresh" size={14} /> 重试
                    </button>
                  </div>
                </td>
              </tr>
            ) : null}
            {rows.length === 0 && !query.isFetching && !query.isError ? (
              <tr>
                <td className="empty" colSpan={def.columns.length + 2}>
                  暂无数据
                </td>
              </tr>
            ) : null}
            {rows.map((row) => {
              const id = rowId(row)
              return (
                <tr key={String(id)} className={selected.has(id) ? 'selected' : undefined}>
                  {batch ? (
                    <td className="col-check" data-label="选择">
                      <input
                        type="checkbox"
                        aria-label={`选择 ${id}`}
                        checked={selected.has(id)}
                        onChange={(e) =>
                          setSelected((prev) => {
                            const next = new Set(prev)
                            if (e.target.checked) next.add(id)
                            else next.delete(id)
                            return next
                          })
                        }
                      />
                    </td>
                  ) : null}
                  {def.columns.map((c) => (
                    <td key={c.key} data-label={c.label}>
                      <Cell spec={c.cell} value={row[c.key]} row={row} />
                    </td>
                  ))}
                  {hasActions ? (
                  <td className="col-actions" data-label="操作">
                    <div className="row-actions">
                      {(def.toggles ?? []).map((t) => {
                        const on = isTruthy(row[t.field])
                        return (
                          <button key={t.field} type="button" className={`icon-btn${on ? '' : ' is-off'}`} title={on ? t.onTitle : t.offTitle} aria-label={on ? t.onTitle : t.offTitle} onClick={() => void toggle(row, t)}>
                            <Icon name={t.icon} />
                          </button>
                        )
                      })}
                      {(def.actions ?? [])
                        .filter((a) => !a.hidden?.(row))
                        .map((a) => (
                          <button
                            key={a.id}
                            type="button"
                            className={`icon-btn action-${a.id}`}
                            title={a.title}
                            aria-label={a.title}
                            onClick={() => void busy(() => a.run(row, ctx).then(() => resetCache()))}
                          >
                            <Icon name={a.icon} />
                          </button>
                        ))}
                      {canEdit ? (
                        <button type="button" className="icon-btn" title="编辑" aria-label="编辑" onClick={() => void openEdit(row)}>
                          <Icon name="edit" />
                        </button>
                      ) : null}
                      {canDelete ? (
                        <button type="button" className="icon-btn danger" title="删除" aria-label="删除" onClick={() => void remove(row)}>
                          <Icon name="trash" />
                        </button>
                      ) : null}
                    </div>
                  </td>
                  ) : null}
                </tr>
              )
            })}
          </tbody>
        </table>
      </div>

      {query.isError ? null : (
      <PaginationBar
        page={pagination.page}
        pages={pagination.pages}
        total={pagination.total}
        onPage={(page) => setState((s) => ({ ...s, page }))}
        onHoverPage={prefetch}
      />
      )}

      {shown ? (
        <Modal title={shown.title} onClose={() => setShown(null)} width={640}>
          <ContentView value={shown.html} />
        </Modal>
      ) : null}
      {mode.kind === 'create' ? (
        <FormModal
          title={`新增${def.entity}`}
          fields={def.fields}
          mode="create"
          initial={initialValues(def.fields, null)}
          confirmText="创建"
          onSubmit={(values) => save('create', values)}
          onClose={() => setMode({ kind: 'normal' })}
          onMessage={feedback.toast}
        />
      ) : null}
      {mode.kind === 'edit' ? (
        <FormModal
          title={`编辑${def.entity}`}
          fields={def.fields}
          mode="edit"
          initial={mode.values}
          confirmText="保存"
          onSubmit={(values) => save('edit', values, mode.row)}
          onClose={() => setMode({ kind: 'normal' })}
          onMessage={feedback.toast}
        />
      ) : null}
    </section>
  )
}
