import { useEffect } from 'react'
import { ManageList } from './ManageList'

export function DraftBoxPage() {
  useEffect(() => {
    document.title = '草稿箱 - 石榴'
  }, [])
  return <ManageList kind="drafts" />
}
