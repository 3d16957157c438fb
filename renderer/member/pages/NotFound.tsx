import { useEffect, useState } from 'react'
import { useNavigate } from 'react-router'
import './pages.css'

const SECONDS = 5

/** Not-found page (spec §2.11): 5 s countdown, then back to /explore. */
export function NotFound() {
  const navigate = useNavigate()
  const [left, setLeft] = useState(SECONDS)
  useEffect(() => {
    document.title = '页面不见了 - 石榴'
    const t = setInterval(() => setLeft((n) => n - 1), 1000)
    return () => clearInterval(t)
  }, [])
  useEffect(() => {
    if (left <= 0) navigate('/explore', { replace: true })
  }, [left, navigate])
  return (
    <div className="not-found">
      <div className="not-found-art" aria-hidden="true">
        4<span>0</span>4
      </div>
      <h1>你访问的页面不见了</h1>
      <p>{left > 0 ? `${left}秒后将自动返回首页` : '正在返回首页...'}</p>
      <button type="button" className="btn btn-primary" onClick={() => navigate('/explore', { replace: true })}>
        返回首页
      </button>
    </div>
  )
}
