/**
 * Unread notifications on the desktop: the taskbar/dock badge always shows the count; when it grows, an OS
 * notification says what is new, and clicking it opens the member window's notification centre. Electron
 * objects are passed in (deps) so this stays testable.
 */
import { z } from 'zod';
import type { ShiliuUnreadCounts } from '../shared/bridge';

const count = z.number().int().min(0).max(1_000_000);
export const unreadCountsSchema = z.object({ total: count, comments: count, likes: count, collections: count, follows: count });

export interface UnreadDeps {
  /** app.setBadgeCount (macOS dock, Linux launchers) plus the Windows taskbar overlay. */
  setBadge(count: number): void;
  notify(title: string, body: string, onClick: () => void): void;
  openNotificationCentre(): void;
}

/** "3 条新评论和@、2 个新赞" – what grew since the last report. */
export function describeNewUnread(previous: ShiliuUnreadCounts | null, next: ShiliuUnreadCounts): string {
  const parts: string[] = [];
  const grew = (key: keyof ShiliuUnreadCounts) => Math.max(0, next[key] - (previous?.[key] ?? 0));
  if (grew('comments')) parts.push(`${grew('comments')} 条新评论和@`);
  if (grew('likes') + grew('collections')) parts.push(`${grew('likes') + grew('collections')} 个新赞和收藏`);
  if (grew('follows')) parts.push(`${grew('follows')} 位新关注`);
  return parts.length > 0 ? parts.join('、') : `${next.total} 条未读通知`;
}

export class UnreadIndicator {
  private last: ShiliuUnreadCounts | null = null;

  constructor(private readonly deps: UnreadDeps) {}

  /** A report from the member window (already validated). The first report only sets the badge. */
  update(counts: ShiliuUnreadCounts): void {
    this.deps.setBadge(counts.total);
    const previous = this.last;
    this.last = counts;
    if (previous && counts.total > previous.total) {
      this.deps.notify('石榴 Shiliu', `你有${describeNewUnread(previous, counts)}`, () => this.deps.openNotificationCentre());
    }
  }

  /** Signed out, or the server changed: clear the badge, forget the counts. */
  reset(): void {
    this.last = null;
    this.deps.setBadge(0);
  }
}
