import { Modal } from '../../../common/components/Modal'
import './account.css'

const SHORTCUTS: readonly [string, string][] = [
  ['←', '上一张图片'],
  ['→', '下一张图片'],
  ['Esc', '关闭笔记'],
  ['S', '收藏'],
  ['D', '点赞'],
  ['Shift + Enter', '发送评论'],
]

export function ShortcutsModal({ open, onClose }: { open: boolean; onClose: () => void }) {
  return (
    <Modal open={open} onClose={onClose} width={380} title="键盘快捷键">
      <ul className="shortcut-list">
        {SHORTCUTS.map(([key, label]) => (
          <li key={key}>
            <span>{label}</span>
            <kbd>{key}</kbd>
          </li>
        ))}
      </ul>
      <p className="shortcut-hint">在笔记详情中使用；输入文字时快捷键不生效。</p>
    </Modal>
  )
}
