export function SearchPage() {
  return <div style={{ padding: 40 }}>SearchPage</div>
}
