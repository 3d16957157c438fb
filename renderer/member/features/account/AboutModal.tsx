import { Modal } from '../../../common/components/Modal'
import './account.css'

export function AboutModal({ open, onClose }: { open: boolean; onClose: () => void }) {
  return (
    <Modal open={open} onClose={onClose} width={420} title="关于石榴">
      <div className="about">
        <div className="about-logo">石榴</div>
        <p className="about-version">版本 v1.2.0</p>
        <p>石榴是一个面向校园学习者与开发者的开源图文笔记社区：分享图文或视频笔记，评论、点赞、收藏并关注感兴趣的同学。</p>
        <dl className="about-list">
          <dt>开发者</dt>
          <dd>石榴社区开发团队</dd>
          <dt>隐私说明</dt>
          <dd>我们只保存提供服务所必需的数据；登录凭证保存在你的浏览器本地，退出登录即清除。</dd>
          <dt>版权说明</dt>
          <dd>本项目以 GPLv3 协议开源；笔记内容版权归作者所有，转载请注明出处。</dd>
        </dl>
      </div>
    </Modal>
  )
}
