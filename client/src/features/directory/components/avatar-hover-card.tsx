import { HoverCard } from 'radix-ui';
import { Link } from '@/lib/router';
import { avatarLabel, findAvatar, UNKNOWN_AVATAR_LABEL } from '@common/avatars';
import { AvatarIcon } from '@/components/ui/avatar-icon';

type Props = { avatar: string; username: string; profileHref: string };

/**
 * Spec §2: the member's avatar with a hover card naming the role and describing it. Radix opens it on
 * hover and on keyboard focus; touch screens and screen readers get the role from the card itself
 * (its label is written beside the avatar), so nothing is only in the hover card.
 */
export function AvatarHoverCard({ avatar, username, profileHref }: Props) {
  const option = findAvatar(avatar);
  return (
    <HoverCard.Root openDelay={300} closeDelay={150}>
      <HoverCard.Trigger asChild>
        <Link to={profileHref} aria-label={`View @${username}'s profile`} className="shrink-0 rounded-full">
          <AvatarIcon avatar={avatar} size="lg" decorative />
        </Link>
      </HoverCard.Trigger>
      <HoverCard.Portal>
        <HoverCard.Content
          side="top"
          align="start"
          sideOffset={6}
          collisionPadding={12}
          className="z-40 grid w-72 max-w-[calc(100vw-1.5rem)] gap-2 rounded-xl border border-line bg-card p-3 text-ink shadow-lg"
        >
          <div className="flex items-center gap-2.5">
            <AvatarIcon avatar={avatar} size="md" decorative />
            <p className="font-bold">{option ? avatarLabel(avatar) : UNKNOWN_AVATAR_LABEL}</p>
          </div>
          {option && <p className="text-sm text-muted">{option.description}</p>}
          <HoverCard.Arrow className="fill-card" width={14} height={7} />
        </HoverCard.Content>
      </HoverCard.Portal>
    </HoverCard.Root>
  );
}
