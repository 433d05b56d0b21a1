import type { ReactNode } from 'react';
import { DropdownMenu } from 'radix-ui';
import { Check, Link2, Mail, MessageCircle, Share, Share2 } from 'lucide-react';
import { cn } from '@/lib/cn';
import { useShare } from '../api/share';
import type { SharePost } from '../lib/share-links';

const item =
  'flex min-h-11 cursor-pointer items-center gap-3 rounded-lg px-3 text-base text-ink outline-none select-none data-[highlighted]:bg-brand-50 data-[highlighted]:text-brand-900';

/** A brand mark: a coloured tile with the network's initial (lucide ships no brand logos). */
function Mark({ bg, children }: { bg: string; children: ReactNode }) {
  return (
    <span aria-hidden="true" className="inline-flex size-6 shrink-0 items-center justify-center rounded-md text-xs font-bold text-white" style={{ backgroundColor: bg }}>
      {children}
    </span>
  );
}

const XMark = () => (
  <Mark bg="#000000">
    <svg viewBox="0 0 24 24" className="size-3.5" fill="currentColor" aria-hidden="true">
      <path d="M18.9 1.15h3.68l-8.04 9.19L24 22.85h-7.41l-5.8-7.58-6.64 7.58H.47l8.6-9.83L0 1.15h7.59l5.24 6.93 6.07-6.93Zm-1.29 19.5h2.04L6.49 3.24H4.3l13.31 17.41Z" />
    </svg>
  </Mark>
);

type Props = { post: SharePost; defaultOpen?: boolean; className?: string };

export function ShareMenuDropdown({ post, defaultOpen, className }: Props) {
  const share = useShare(post);
  return (
    <DropdownMenu.Root defaultOpen={defaultOpen} modal={false}>
      <DropdownMenu.Trigger className={cn('share-button', className)}>
        <Share2 aria-hidden="true" className="size-5" />
        Share
      </DropdownMenu.Trigger>
      <DropdownMenu.Portal>
        <DropdownMenu.Content
          align="end"
          sideOffset={4}
          collisionPadding={8}
          aria-label="Share this post"
          className="z-40 min-w-56 rounded-xl border border-line bg-card p-1.5 shadow-xl"
        >
          {share.canShareNatively && (
            <DropdownMenu.Item className={item} onSelect={() => void share.shareNatively()}>
              <Share aria-hidden="true" className="size-5 text-brand-800" />
              Share...
            </DropdownMenu.Item>
          )}
          <DropdownMenu.Item asChild className={item} onSelect={() => share.openedLink('facebook')}>
            <a href={share.links.facebook} target="_blank" rel="noopener noreferrer">
              <Mark bg="#1877F2">f</Mark>
              Facebook
            </a>
          </DropdownMenu.Item>
          <DropdownMenu.Item asChild className={item} onSelect={() => share.openedLink('x')}>
            <a href={share.links.x} target="_blank" rel="noopener noreferrer">
              <XMark />X
            </a>
          </DropdownMenu.Item>
          <DropdownMenu.Item asChild className={item} onSelect={() => share.openedLink('linkedin')}>
            <a href={share.links.linkedin} target="_blank" rel="noopener noreferrer">
              <Mark bg="#0A66C2">in</Mark>
              LinkedIn
            </a>
          </DropdownMenu.Item>
          <DropdownMenu.Item asChild className={item} onSelect={() => share.openedLink('whatsapp')}>
            <a href={share.links.whatsapp} target="_blank" rel="noopener noreferrer">
              <Mark bg="#128C7E">
                <MessageCircle aria-hidden="true" className="size-3.5" />
              </Mark>
              WhatsApp
            </a>
          </DropdownMenu.Item>
          <DropdownMenu.Item asChild className={item} onSelect={() => share.openedLink('email')}>
            <a href={share.links.email}>
              <Mail aria-hidden="true" className="size-5 text-brand-800" />
              Email
            </a>
          </DropdownMenu.Item>
          <DropdownMenu.Separator className="my-1 h-px bg-line" />
          <DropdownMenu.Item
            className={item}
            onSelect={(e) => {
              // Stays open so the reader sees 'Copied' on the item itself.
              e.preventDefault();
              void share.copyLink();
            }}
          >
            {share.copied ? (
              <Check aria-hidden="true" className="size-5 text-green-700" />
            ) : (
              <Link2 aria-hidden="true" className="size-5 text-brand-800" />
            )}
            <span aria-live="polite">{share.copied ? 'Copied' : 'Copy Link'}</span>
          </DropdownMenu.Item>
        </DropdownMenu.Content>
      </DropdownMenu.Portal>
    </DropdownMenu.Root>
  );
}
