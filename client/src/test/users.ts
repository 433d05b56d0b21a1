import type { TUser } from '@common/contracts/auth';

/** The signed-in member of a component test (GET /api/auth/user's shape); override what the test is about. */
export function testUser(overrides: Partial<TUser> = {}): TUser {
  return {
    id: 7,
    firstName: 'Sam',
    lastName: 'Driver',
    username: 'sam',
    email: 'sam@example.com',
    isAdmin: false,
    avatar: 'car',
    statusText: '',
    emailVerified: true,
    chatSuspended: false,
    onboarded: true,
    createdAt: '2026-01-10T10:00:00.000Z',
    ...overrides,
  };
}
