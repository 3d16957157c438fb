import { Icon } from '../../../common/components/Icon'
import { useScrolledPast } from '../../../common/hooks/useScrollY'

export interface FloatingButtonsProps {
  /** Show the 只看图文 toggle. */
  imageOnly?: boolean
  onToggleImageOnly?: () => void
  onRefresh?: () => void
  refreshing?: boolean
}

/** Floating buttons: only-image-notes toggle, back-to-top (after 260 px) and refresh. */
export function FloatingButtons({ imageOnly, onToggleImageOnly, onRefresh, refreshing }: FloatingButtonsProps) {
  const showTop = useScrolledPast(260)
  return (
    <div className="floating-buttons">
      {showTop && (
        <button type="button" className="fab" aria-label="回到顶部" title="回到顶部" onClick={() => window.scrollTo({ top: 0, behavior: window.scrollY > 500 ? 'auto' : 'smooth' })}>
          <Icon name="arrowUp" size={20} />
        </button>
      )}
      {onToggleImageOnly && (
        <button
          type="button"
          className={`fab ${imageOnly ? 'active' : ''}`}
          aria-pressed={imageOnly}
          aria-label={imageOnly ? '取消只看图文' : '只看图文'}
          title={imageOnly ? '取消只看图文' : '只看图文'}
          onClick={onToggleImageOnly}
        >
          <Icon name="image" size={20} />
        </button>
      )}
      {onRefresh && (
        <button type="button" className="fab" aria-label="刷新" title="刷新" onClick={onRefresh} disabled={refreshing}>
          <Icon name="refresh" size={20} className={refreshing ? 'spinning' : undefined} />
        </button>
      )}
    </div>
  )
}
