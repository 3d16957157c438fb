import { useState } from 'react'
import type { ClassActivityReply, ClassStudentsReply } from '../../../server/contract/admin/classroom'
import { adminApi, errorMessage } from '../api/http'
import { useFeedback } from '../ui/feedback'
import { useClassroom } from './useClassroom'
import './classroom.css'

/**
 * 课堂 (issue 43, docs/classroom.md): the room's address and class code, the teacher page, class accounts in one
 * step, the class's activity export and the reset after class (with confirmation). Only in classroom mode.
 */
export function ClassroomPage() {
  const { info, refresh } = useClassroom()
  const feedback = useFeedback()
  const [count, setCount] = useState('40')
  const [busy, setBusy] = useState(false)
  const [created, setCreated] = useState<ClassStudentsReply | null>(null)

  if (!info) return <section className="classroom"><p>当前不是课堂模式。用 <code>npm run demo -- --classroom</code> 启动后，这里会显示课堂的二维码、班级账号与下课重置。</p></section>

  const run = async (work: () => Promise<void>) => {
    setBusy(true)
    try {
      await work()
      refresh()
    } catch (err) {
      feedback.toast(errorMessage(err) || '操作失败', 'error')
    } finally {
      setBusy(false)
    }
  }
  const createAccounts = () =>
    run(async () => {
      const reply = await adminApi.post<ClassStudentsReply>('/admin/classroom/students', { count: Number(count) })
      setCreated(reply)
      feedback.toast(`已创建 ${reply.accounts.length} 个班级账号`, 'success')
    })
  const exportActivity = () =>
    run(async () => {
      const reply = await adminApi.post<ClassActivityReply>('/admin/classroom/export', {})
      feedback.toast(`已导出 ${reply.members} 位同学的动态`, 'success')
    })
  const reset = async () => {
    if (!(await feedback.confirm('先导出本节课的学生动态，再清空班级账号、学生发布的内容和上传的图片，回到初始演示数据。服务器会重新启动几秒钟。确定重置吗？', '下课重置'))) return
    await run(async () => {
      await adminApi.post('/admin/classroom/reset', { confirm: 'RESET' })
      feedback.toast('已导出并开始重置，请稍候刷新页面', 'success')
    })
  }

  return (
    <section className="classroom">
      <dl className="classroom-facts">
        <dt>学生地址</dt>
        <dd>{info.url}</dd>
        <dt>课堂码</dt>
        <dd className="classroom-code">{info.code}</dd>
        <dt>教师页</dt>
        <dd>
          <a href={info.teacher_url} target="_blank" rel="noreferrer">打开可打印的教师页（二维码、课堂码、账号表）</a>
        </dd>
      </dl>

      <h2>班级账号</h2>
      <div className="classroom-row">
        <label className="field">
          <span className="field-label">人数</span>
          <input className="input" type="number" min={1} max={200} value={count} onChange={(e) => setCount(e.target.value)} />
        </label>
        <button type="button" className="btn btn-primary" disabled={busy} onClick={() => void createAccounts()}>创建班级账号</button>
      </div>
      {created && (
        <p>
          已创建 {created.accounts[0]?.user_id} … {created.accounts.at(-1)?.user_id}：
          <a href={created.sheet} target="_blank" rel="noreferrer">打印账号表（A4）</a> · <a href={created.csv}>下载 CSV</a>
        </p>
      )}
      {info.sheets.length > 0 && (
        <ul className="classroom-list">
          {info.sheets.map((s) => (
            <li key={s.sheet}>
              <a href={s.sheet} target="_blank" rel="noreferrer">{s.sheet.split('/').pop()}</a> · <a href={s.csv}>CSV</a>
            </li>
          ))}
        </ul>
      )}

      <h2>下课</h2>
      <div className="classroom-row">
        <button type="button" className="btn" disabled={busy} onClick={() => void exportActivity()}>导出本节课的学生动态</button>
        <button type="button" className="btn btn-danger" disabled={busy || !info.can_reset} onClick={() => void reset()} title={info.can_reset ? '' : '只有用 npm run demo -- --classroom 启动时才能在后台重置'}>
          下课重置
        </button>
      </div>
      {info.exports.length > 0 && (
        <ul className="classroom-list">
          {info.exports.map((url) => (
            <li key={url}><a href={url}>{url.split('/').pop()}</a></li>
          ))}
        </ul>
      )}
    </section>
  )
}
