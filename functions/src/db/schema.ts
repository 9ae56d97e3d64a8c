/**
 * The drizzle view of the tables created by functions/migrations. The SQL files are the
 * source of truth; `schema.test.ts` checks that the two agree column for column.
 */
import { sql } from 'drizzle-orm';
import { index, integer, primaryKey, sqliteTable, text, uniqueIndex } from 'drizzle-orm/sqlite-core';

const timestamps = {
  createdAt: text('created_at').notNull(),
  updatedAt: text('updated_at').notNull(),
};

export const users = sqliteTable(
  'users',
  {
    id: text('id').primaryKey(),
    email: text('email').notNull().unique(),
    passwordHash: text('password_hash').notNull(),
    firstName: text('first_name').notNull(),
    lastName: text('last_name').notNull(),
    memberType: text('member_type', { enum: ['founder', 'advisor'] }).notNull(),
    userRole: text('user_role', { enum: ['member', 'admin'] }).notNull().default('member'),
    roleType: text('role_type', { enum: ['free', 'premium'] }).notNull().default('free'),
    onboarded: integer('onboarded', { mode: 'boolean' }).notNull().default(false),
    emailVerified: integer('email_verified', { mode: 'boolean' }).notNull().default(false),
    phone: text('phone'),
    tokenVersion: integer('token_version').notNull().default(0),
    ...timestamps,
  },
  (table) => [index('users_onboarded_type_created').on(table.onboarded, table.memberType, table.createdAt)],
);

export const founders = sqliteTable('founders', {
  id: text('id').primaryKey(),
  userId: text('user_id')
    .notNull()
    .unique()
    .references(() => users.id, { onDelete: 'cascade' }),
  firstName: text('first_name').notNull(),
  lastName: text('last_name').notNull(),
  tagline: text('tagline'),
  slug: text('slug').notNull().unique(),
  profilePictureUrl: text('profile_picture_url'),
  profileBannerUrl: text('profile_banner_url'),
  premium: integer('premium', { mode: 'boolean' }).notNull().default(false),
  ...timestamps,
});

export const advisors = sqliteTable('advisors', {
  id: text('id').primaryKey(),
  userId: text('user_id')
    .notNull()
    .unique()
    .references(() => users.id, { onDelete: 'cascade' }),
  name: text('name').notNull(),
  position: text('position'),
  slug: text('slug').notNull().unique(),
  profilePictureUrl: text('profile_picture_url'),
  profileBannerUrl: text('profile_banner_url'),
  ...timestamps,
});

export const authCodes = sqliteTable(
  'auth_codes',
  {
    id: text('id').primaryKey(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    purpose: text('purpose', { enum: ['verify-email', 'reset-password'] }).notNull(),
    codeHash: text('code_hash').notNull(),
    expiresAt: text('expires_at').notNull(),
    usedAt: text('used_at'),
    createdAt: text('created_at').notNull(),
  },
  (table) => [
    index('auth_codes_purpose_hash').on(table.purpose, table.codeHash),
    index('auth_codes_user_purpose').on(table.userId, table.purpose),
  ],
);

export const devMail = sqliteTable(
  'dev_mail',
  {
    id: text('id').primaryKey(),
    toAddress: text('to_address').notNull(),
    subject: text('subject').notNull(),
    text: text('text').notNull(),
    html: text('html').notNull(),
    createdAt: text('created_at').notNull(),
  },
  (table) => [index('dev_mail_to_address').on(table.toAddress)],
);

export const feedPosts = sqliteTable('feed_posts', {
  id: text('id').primaryKey(),
  slug: text('slug').notNull().unique(),
  authorUserId: text('author_user_id')
    .notNull()
    .references(() => users.id, { onDelete: 'cascade' }),
  text: text('text').notNull(),
  groupName: text('group_name'),
  isPinned: integer('is_pinned', { mode: 'boolean' }).notNull().default(false),
  ...timestamps,
});

export const appMeta = sqliteTable('app_meta', {
  key: text('key').primaryKey(),
  value: text('value').notNull(),
});

export const connectionStatuses = ['pending', 'accepted', 'ignored', 'withdrawn', 'removed'] as const;

export const connections = sqliteTable(
  'connections',
  {
    id: text('id').primaryKey(),
    requesterId: text('requester_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    receiverId: text('receiver_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** The two user ids sorted and joined by ':' (see connections/pair.ts). */
    pairKey: text('pair_key').notNull(),
    status: text('status', { enum: connectionStatuses }).notNull(),
    note: text('note'),
    ignoredAt: text('ignored_at'),
    respondedAt: text('responded_at'),
    ...timestamps,
  },
  (table) => [
    uniqueIndex('connections_open_pair').on(table.pairKey).where(sql`status IN ('pending', 'accepted', 'ignored')`),
    index('connections_receiver_status').on(table.receiverId, table.status, table.updatedAt, table.requesterId),
    index('connections_requester_status').on(table.requesterId, table.status, table.updatedAt, table.receiverId),
    index('connections_pair_history').on(table.pairKey, table.requesterId),
  ],
);

export const blocks = sqliteTable(
  'blocks',
  {
    blockerId: text('blocker_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    blockedId: text('blocked_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: text('created_at').notNull(),
  },
  (table) => [primaryKey({ columns: [table.blockerId, table.blockedId] }), index('blocks_blocked').on(table.blockedId)],
);

export const reportTargetTypes = ['member', 'post'] as const;
export const reportReasons = ['spam', 'harassment', 'fake-profile', 'inappropriate', 'other'] as const;
export const reportStatuses = ['open', 'resolved'] as const;

export const reports = sqliteTable(
  'reports',
  {
    id: text('id').primaryKey(),
    reporterId: text('reporter_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    targetType: text('target_type', { enum: reportTargetTypes }).notNull(),
    targetId: text('target_id').notNull(),
    reason: text('reason', { enum: reportReasons }).notNull(),
    details: text('details'),
    status: text('status', { enum: reportStatuses }).notNull().default('open'),
    createdAt: text('created_at').notNull(),
  },
  (table) => [
    uniqueIndex('reports_open_per_reporter').on(table.reporterId, table.targetType, table.targetId).where(sql`status = 'open'`),
    index('reports_status_created').on(table.status, table.createdAt),
  ],
);

export const domainEvents = sqliteTable(
  'domain_events',
  {
    id: text('id').primaryKey(),
    type: text('type').notNull(),
    actorId: text('actor_id').references(() => users.id, { onDelete: 'cascade' }),
    subjectId: text('subject_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** JSON text. */
    payload: text('payload').notNull().default('{}'),
    createdAt: text('created_at').notNull(),
  },
  (table) => [index('domain_events_subject_created').on(table.subjectId, table.createdAt)],
);

export type UserRow = typeof users.$inferSelect;
export type FounderRow = typeof founders.$inferSelect;
export type AdvisorRow = typeof advisors.$inferSelect;
export type AuthCodeRow = typeof authCodes.$inferSelect;
export type CodePurpose = AuthCodeRow['purpose'];
export type ConnectionRow = typeof connections.$inferSelect;
export type ConnectionStatus = ConnectionRow['status'];
export type ReportRow = typeof reports.$inferSelect;
