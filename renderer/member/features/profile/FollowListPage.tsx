export function FollowListPage() {
  return <div style={{ padding: 40 }}>FollowListPage</div>
}
