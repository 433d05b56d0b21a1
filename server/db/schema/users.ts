import { sql } from 'drizzle-orm';
import { boolean, index, integer, pgTable, smallint, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';

const ts = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

export const users = pgTable(
  'users',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    email: text('email').notNull(), // stored lower-case
    username: text('username').notNull(),
    firstName: text('first_name').notNull(),
    lastName: text('last_name').notNull(),
    passwordHash: text('password_hash').notNull(),
    avatar: text('avatar').notNull().default('car'),
    statusText: text('status_text').notNull().default(''),
    isAdmin: boolean('is_admin').notNull().default(false),
    /** A moderator (below admin): pins, locks, moves and deletes content, handles reports, chat-suspends. */
    isModerator: boolean('is_moderator').notNull().default(false),
    emailVerifiedAt: ts('email_verified_at'),
    onboardedAt: ts('onboarded_at'),
    chatSuspendedAt: ts('chat_suspended_at'),
    suspendedAt: ts('suspended_at'),
    /** A timed suspension's end (null: until lifted); past it the suspension is lifted automatically. */
    suspendedUntil: ts('suspended_until'),
    suspensionReason: text('suspension_reason'),
    /** The member's last request (moved at most every few minutes) and where their previous visit ended:
     *  "new since your last visit" compares against previousVisitAt. */
    lastActiveAt: ts('last_active_at'),
    previousVisitAt: ts('previous_visit_at'),
    /** Set when the member unsubscribes from announcements (the link in every announcement mail). */
    announcementsOptOutAt: ts('announcements_opt_out_at'),
    /** The trust level (common/rules/trust.ts, issue 28): 0 new … 3 regular, recomputed by a job. */
    trustLevel: smallint('trust_level').notNull().default(0),
    /** An admin's pin: while set, the member's level is this whatever the job computes. */
    trustLevelPinned: smallint('trust_level_pinned'),
    trustComputedAt: ts('trust_computed_at'),
    /**
     * The courier profile (issue 32; common/rules/courier.ts): each field optional, each with who sees
     * it ('everyone' | 'members' | 'nobody'). The area is a postcode area's letters only, never a postcode.
     */
    courierNetworks: text('courier_networks').array().notNull().default(sql`'{}'::text[]`),
    courierNetworksVisibility: text('courier_networks_visibility').notNull().default('members'),
    courierVehicle: text('courier_vehicle'),
    courierVehicleVisibility: text('courier_vehicle_visibility').notNull().default('members'),
    courierArea: text('courier_area'),
    courierAreaVisibility: text('courier_area_visibility').notNull().default('members'),
    courierYears: smallint('courier_years'),
    courierYearsVisibility: text('courier_years_visibility').notNull().default('members'),
    courierEngagement: text('courier_engagement'),
    courierEngagementVisibility: text('courier_engagement_visibility').notNull().default('members'),
    /**
     * The verified courier badge (issue 32 item 2): the network a moderator checked the member's proof
     * for, and when. Shown to everyone ("Verified Evri courier, since November 2026"); null when none.
     */
    verifiedNetwork: text('verified_network'),
    verifiedAt: ts('verified_at'),
    deletedAt: ts('deleted_at'),
    createdAt: ts('created_at').notNull().defaultNow(),
    updatedAt: ts('updated_at').notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('users_email_key').on(t.email),
    uniqueIndex('users_username_lower_key').on(sql`lower(${t.username})`),
    index('users_created_at_idx').on(t.createdAt),
    // Member directory: verified, not deleted members, searched by "contains" on username or status.
    index('users_directory_username_trgm_idx')
      .using('gin', sql`lower(${t.username}) gin_trgm_ops`)
      .where(sql`email_verified_at is not null and deleted_at is null`),
    index('users_directory_status_trgm_idx')
      .using('gin', sql`lower(${t.statusText}) gin_trgm_ops`)
      .where(sql`email_verified_at is not null and deleted_at is null`),
    index('users_directory_username_idx')
      .on(sql`lower(${t.username})`, t.id)
      .where(sql`email_verified_at is not null and deleted_at is null`),
    index('users_directory_joined_idx')
      .on(t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst())
      .where(sql`email_verified_at is not null and deleted_at is null`),
    // The directory's courier filters (issue 32): only a field shown to members (or everyone) is ever
    // matched, so a filter cannot reveal what a member keeps to themselves. Each predicate is written
    // exactly as directory-service.ts's filter so the planner proves the index applies.
    index('users_directory_network_idx')
      .using('gin', t.courierNetworks)
      .where(sql`email_verified_at is not null and deleted_at is null and courier_networks_visibility <> 'nobody'`),
    index('users_directory_area_idx')
      .on(t.courierArea)
      .where(sql`email_verified_at is not null and deleted_at is null and courier_area_visibility <> 'nobody'`),
    index('users_directory_vehicle_idx')
      .on(t.courierVehicle)
      .where(sql`email_verified_at is not null and deleted_at is null and courier_vehicle_visibility <> 'nobody'`),
    // Search by profession: the members who picked an avatar.
    index('users_avatar_idx').on(t.avatar),
  ],
);

// Only the SHA-256 of the cookie token is stored, so a database leak gives no usable session.
export const sessions = pgTable(
  'sessions',
  {
    tokenHash: text('token_hash').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: ts('created_at').notNull().defaultNow(),
    expiresAt: ts('expires_at').notNull(),
    lastSeenAt: ts('last_seen_at').notNull().defaultNow(),
    userAgent: text('user_agent'),
  },
  (t) => [index('sessions_user_idx').on(t.userId), index('sessions_expires_idx').on(t.expiresAt)],
);

// One-time codes mailed to an address: sign-up verification, and later email changes.
export const verificationCodes = pgTable(
  'verification_codes',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    purpose: text('purpose', { enum: ['verify_email', 'change_email'] }).notNull(),
    email: text('email').notNull(),
    codeHash: text('code_hash').notNull(),
    failedAttempts: smallint('failed_attempts').notNull().default(0),
    expiresAt: ts('expires_at').notNull(),
    usedAt: ts('used_at'),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [index('verification_codes_email_idx').on(t.email, t.createdAt)],
);

export const passwordResetTokens = pgTable(
  'password_reset_tokens',
  {
    tokenHash: text('token_hash').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    expiresAt: ts('expires_at').notNull(),
    usedAt: ts('used_at'),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [index('password_reset_tokens_user_idx').on(t.userId)],
);

// Failed sign-ins, counted per account+IP and per IP across every process (the IP is kept hashed).
export const loginFailures = pgTable(
  'login_failures',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    email: text('email').notNull(),
    ipHash: text('ip_hash').notNull(),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [index('login_failures_email_ip_idx').on(t.email, t.ipHash, t.createdAt)],
);
