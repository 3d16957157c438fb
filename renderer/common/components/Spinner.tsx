export function Spinner({ size = 28, label }: { size?: number; label?: string }) {
  return (
    <div className="spinner-wrap" role="status" aria-label={label ?? '加载中'}>
      <div className="spinner" style={{ width: size, height: size }} />
      {label && <span className="spinner-label">{label}</span>}
    </div>
  )
}
