export function NotificationPage() {
  return <div style={{ padding: 40 }}>NotificationPage</div>
}
