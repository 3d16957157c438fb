export function PublishPage() {
  return <div style={{ padding: 40 }}>PublishPage</div>
}
