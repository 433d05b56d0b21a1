import { Bell, BellOff, BellRing, type LucideIcon } from 'lucide-react';
import type { TPostFollowLevel } from '@common/contracts/notification-preferences';

/** The Follow button's look and words, shared by the light placeholder and the lazily loaded menu's trigger. */
export const followTriggerClasses =
  'inline-flex min-h-11 items-center justify-center gap-1.5 rounded-lg px-2.5 font-semibold text-brand-900 hover:bg-brand-50 data-[state=open]:bg-brand-50';

export const FOLLOW_BUTTON: Record<TPostFollowLevel, { label: string; Icon: LucideIcon }> = {
  follow: { label: 'Following', Icon: BellRing },
  none: { label: 'Follow', Icon: Bell },
  mute: { label: 'Muted', Icon: BellOff },
};

/** The menu's choices, in order; an author has no "Normal" on their own post (they follow it). */
export const FOLLOW_CHOICES: ReadonlyArray<{ level: TPostFollowLevel; title: string; hint: string }> = [
  { level: 'follow', title: 'Follow', hint: 'Notify me of every comment' },
  { level: 'none', title: 'Normal', hint: 'Replies and mentions only' },
  { level: 'mute', title: 'Mute', hint: 'No notifications from this post' },
];
