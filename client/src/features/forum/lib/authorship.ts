import type { TUser } from '@common/contracts/auth';
import { isAdmin } from '@common/rules/roles';

/** A post or reply as the page has it: who wrote it (or its anonymous label) and whether the reader may edit it. */
type Written = { author: { username: string } | null; anonymousAs?: string; canEdit: boolean };

/**
 * Whether the signed-in reader wrote this post or reply (no Report or Block of one's own; a post's author
 * cannot mute it). By name; anonymous content (issue 32) has none, so by the right to edit it, which below
 * admin only its author has. An admin may edit anything: to them anonymous content counts as someone
 * else's (the server refuses a report or block of their own).
 */
export function isReadersOwn(item: Written, user: Pick<TUser, 'username' | 'isAdmin'> | null | undefined): boolean {
  if (!user) return false;
  if (item.anonymousAs !== undefined) return item.canEdit && !isAdmin(user);
  return item.author?.username === user.username;
}
