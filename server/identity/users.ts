import type { TUser } from '../../common/contracts/auth.ts';
import type { users } from '../db/schema/index.ts';

type UserRow = Omit<typeof users.$inferSelect, 'passwordHash'>;

/** The one form of an address the accounts keep and compare: trimmed, lower-case. */
export const normaliseEmail = (email: string) => email.trim().toLowerCase();

/** The one shape of a user the API sends about the signed-in account (common/contracts ZUser). */
export function presentUser(u: UserRow): TUser {
  return {
    id: u.id,
    firstName: u.firstName,
    lastName: u.lastName,
    username: u.username,
    email: u.email,
    isAdmin: u.isAdmin,
    isModerator: u.isModerator,
    avatar: u.avatar,
    statusText: u.statusText,
    emailVerified: u.emailVerifiedAt != null,
    chatSuspended: u.chatSuspendedAt != null,
    onboarded: u.onboardedAt != null,
    createdAt: new Date(u.createdAt).toISOString(),
  };
}
