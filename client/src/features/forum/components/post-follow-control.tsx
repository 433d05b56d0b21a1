import { Suspense, useEffect, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import type { TPostFollowLevel } from '@common/contracts/notification-preferences';
import { cn } from '@/lib/cn';
import { whenIdle } from '@/lib/idle';
import { lazyNamed } from '@/lib/lazy';
import { ErrorBoundary } from '@/components/ui/error-boundary';
import { postFollowQueryOptions, useSetPostFollow } from '../api/follows';
import { FOLLOW_BUTTON, followTriggerClasses } from './post-follow-trigger';

// As the Share menu: the menu (Radix DropdownMenu) is its own chunk; the page shows a plain button and
// fetches the menu when the browser is idle, or on the first hover, focus or tap.
const PostFollowMenu = lazyNamed(() => import('./post-follow-menu'), 'PostFollowMenu');
const preload = () => void PostFollowMenu.preload();

function Placeholder({ level, onOpen, busy, className }: { level: TPostFollowLevel; onOpen?: () => void; busy?: boolean; className?: string }) {
  const { label, Icon } = FOLLOW_BUTTON[level];
  return (
    <button
      type="button"
      aria-haspopup="menu"
      aria-expanded={false}
      aria-busy={busy || undefined}
      aria-label={`Notifications for this post: ${label}`}
      onClick={onOpen}
      onPointerEnter={preload}
      onFocus={preload}
      className={cn(followTriggerClasses, busy && 'opacity-70', className)}
    >
      <Icon aria-hidden="true" className="size-5" />
      {label}
    </button>
  );
}

type Props = { postId: number; isAuthor: boolean; className?: string };

/**
 * A signed-in, verified member's follow control for a post: Follow (every comment), Normal (replies
 * and mentions) or Mute (nothing). Hidden until the member's level has loaded.
 */
export function PostFollowControl({ postId, isAuthor, className }: Props) {
  const level = useQuery(postFollowQueryOptions(postId));
  const set = useSetPostFollow(postId);
  const [active, setActive] = useState(false);
  useEffect(() => whenIdle(preload), []);
  if (level.data === undefined) return null;
  if (!active) return <Placeholder level={level.data} onOpen={() => setActive(true)} className={className} />;
  return (
    <ErrorBoundary fallback={() => <Placeholder level={level.data} className={className} />}>
      <Suspense fallback={<Placeholder level={level.data} busy className={className} />}>
        <PostFollowMenu level={level.data} isAuthor={isAuthor} onChange={(l) => set.mutate(l)} defaultOpen className={className} />
      </Suspense>
    </ErrorBoundary>
  );
}
