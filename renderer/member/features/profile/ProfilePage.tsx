export function ProfilePage() {
  return <div style={{ padding: 40 }}>ProfilePage</div>
}
