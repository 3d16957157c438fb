export function PostManagementPage() {
  return <div style={{ padding: 40 }}>PostManagementPage</div>
}
