import type { LucideIcon } from 'lucide-react';
import { Bike, Car, Container, MapPin, Megaphone, Package, Plane, Route, Truck, Users, Warehouse, Zap } from 'lucide-react';
import { avatarLabel, findAvatar, PREVIEW_FALLBACK_AVATAR } from '@common/avatars';
import { cn } from '@/lib/cn';
import { Link } from '@/lib/router';

// The twelve icons of common/avatars.ts, imported one by one so the bundle carries only these.
export const AVATAR_ICONS: Record<string, LucideIcon> = {
  Bike,
  Car,
  Truck,
  Package,
  Container,
  Route,
  Megaphone,
  Warehouse,
  Plane,
  MapPin,
  Users,
  Zap,
};

/** An avatar's box at each size, shared with the anonymous author's (components/anonymous-author.tsx). */
export const AVATAR_SIZES = { sm: 'size-8 p-1.5', md: 'size-10 p-2', lg: 'size-16 p-3.5' } as const;

type Props = {
  /** Avatar key; missing keys draw the bike (preview fallback), unknown keys read 'Courier Professional'. */
  avatar?: string | null;
  size?: keyof typeof AVATAR_SIZES;
  className?: string;
  /** Decorative when the label is already written beside it. */
  decorative?: boolean;
  /** The avatar is a link (a card's filter by profession): the round box is the link itself, one element less; its label names it, so `decorative` does not apply. */
  link?: { to: string; label: string; title: string };
};

export function AvatarIcon({ avatar, size = 'md', className, decorative, link }: Props) {
  const option = findAvatar(avatar) ?? findAvatar(PREVIEW_FALLBACK_AVATAR);
  const Icon = (option && AVATAR_ICONS[option.icon]) || Bike;
  const label = avatarLabel(avatar ?? PREVIEW_FALLBACK_AVATAR);
  const box = cn('avatar', AVATAR_SIZES[size], className);
  const style = { backgroundColor: option?.color ?? '#475569' };
  const icon = <Icon aria-hidden="true" className="size-full" />;
  if (link) {
    return (
      <Link to={link.to} aria-label={link.label} title={link.title} className={box} style={style}>
        {icon}
      </Link>
    );
  }
  return (
    <span
      role={decorative ? undefined : 'img'}
      aria-label={decorative ? undefined : label}
      aria-hidden={decorative ? true : undefined}
      title={decorative ? undefined : label}
      className={box}
      style={style}
    >
      {icon}
    </span>
  );
}
