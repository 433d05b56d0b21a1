import { DropdownMenu } from 'radix-ui';
import { Check } from 'lucide-react';
import type { TPostFollowLevel } from '@common/contracts/notification-preferences';
import { cn } from '@/lib/cn';
import { FOLLOW_BUTTON, FOLLOW_CHOICES, followTriggerClasses } from './post-follow-trigger';

const item =
  'flex min-h-11 cursor-pointer items-start gap-3 rounded-lg px-3 py-2 text-base text-ink outline-none select-none data-[highlighted]:bg-brand-50 data-[highlighted]:text-brand-900';

type Props = { level: TPostFollowLevel; isAuthor: boolean; onChange: (level: TPostFollowLevel) => void; defaultOpen?: boolean; className?: string };

/** The post's follow menu: Follow, Normal, Mute as radio items (keyboard: arrows, Enter, Escape). */
export function PostFollowMenu({ level, isAuthor, onChange, defaultOpen, className }: Props) {
  const { label, Icon } = FOLLOW_BUTTON[level];
  return (
    <DropdownMenu.Root defaultOpen={defaultOpen} modal={false}>
      <DropdownMenu.Trigger className={cn(followTriggerClasses, className)} aria-label={`Notifications for this post: ${label}`}>
        <Icon aria-hidden="true" className="size-5" />
        {label}
      </DropdownMenu.Trigger>
      <DropdownMenu.Portal>
        <DropdownMenu.Content
          align="end"
          sideOffset={4}
          collisionPadding={8}
          className="z-40 min-w-64 rounded-xl border border-line bg-card p-1.5 shadow-xl"
        >
          <DropdownMenu.RadioGroup value={level} onValueChange={(v) => v !== level && onChange(v as TPostFollowLevel)}>
            {FOLLOW_CHOICES.filter((c) => !(isAuthor && c.level === 'none')).map((c) => (
              <DropdownMenu.RadioItem key={c.level} value={c.level} className={item}>
                <span className="mt-0.5 inline-flex size-5 shrink-0 items-center justify-center">
                  <DropdownMenu.ItemIndicator>
                    <Check aria-hidden="true" className="size-5 text-brand-800" />
                  </DropdownMenu.ItemIndicator>
                </span>
                <span className="grid">
                  <span className="font-semibold">{c.title}</span>
                  <span className="text-sm text-muted">{c.hint}</span>
                </span>
              </DropdownMenu.RadioItem>
            ))}
          </DropdownMenu.RadioGroup>
        </DropdownMenu.Content>
      </DropdownMenu.Portal>
    </DropdownMenu.Root>
  );
}
