export function DraftBoxPage() {
  return <div style={{ padding: 40 }}>DraftBoxPage</div>
}
