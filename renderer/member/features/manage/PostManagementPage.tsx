import { useEffect } from 'react'
import { ManageList } from './ManageList'

export function PostManagementPage() {
  useEffect(() => {
    document.title = '笔记管理 - 石榴'
  }, [])
  return <ManageList kind="posts" />
}
