import { Suspense, useEffect, useState } from 'react';
import { Share2 } from 'lucide-react';
import { whenIdle } from '@/lib/idle';
import { lazyNamed } from '@/lib/lazy';
import { cn } from '@/lib/cn';
import { ErrorBoundary } from '@/components/ui/error-boundary';
import type { SharePost } from '../lib/share-links';

// The menu (Radix DropdownMenu and its positioning) is its own chunk: the list shows a plain button
// and fetches the menu when the browser is idle, or on the first hover, focus or tap.
const ShareMenuDropdown = lazyNamed(() => import('./share-menu-dropdown'), 'ShareMenuDropdown');
const preload = () => void ShareMenuDropdown.preload();

function Placeholder({ onOpen, busy, className }: { onOpen?: () => void; busy?: boolean; className?: string }) {
  return (
    <button
      type="button"
      aria-haspopup="menu"
      aria-expanded={false}
      aria-busy={busy || undefined}
      onClick={onOpen}
      onPointerEnter={preload}
      onFocus={preload}
      className={cn('share-button', busy && 'opacity-70', className)}
    >
      <Share2 aria-hidden="true" className="size-5" />
      Share
    </button>
  );
}

type Props = { post: SharePost; className?: string };

/** Spec §2 Share menu of a post: Share... (native), Facebook, X, LinkedIn, WhatsApp, Email, Copy Link. */
export function ShareMenu({ post, className }: Props) {
  const [active, setActive] = useState(false);
  useEffect(() => whenIdle(preload), []);
  if (!active) return <Placeholder onOpen={() => setActive(true)} className={className} />;
  return (
    // Offline before the menu arrived: the button stays, and a later tap tries again after a reload.
    <ErrorBoundary fallback={() => <Placeholder className={className} />}>
      <Suspense fallback={<Placeholder busy className={className} />}>
        <ShareMenuDropdown post={post} defaultOpen className={className} />
      </Suspense>
    </ErrorBoundary>
  );
}
