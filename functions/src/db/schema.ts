/**
 * The drizzle view of the tables created by functions/migrations. The SQL files are the
 * source of truth; `schema.test.ts` checks that the two agree column for column.
 */
import { index, integer, sqliteTable, text } from 'drizzle-orm/sqlite-core';

const timestamps = {
  createdAt: text('created_at').notNull(),
  updatedAt: text('updated_at').notNull(),
};

export const users = sqliteTable('users', {
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
});

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

export type UserRow = typeof users.$inferSelect;
export type FounderRow = typeof founders.$inferSelect;
export type AdvisorRow = typeof advisors.$inferSelect;
export type AuthCodeRow = typeof authCodes.$inferSelect;
export type CodePurpose = AuthCodeRow['purpose'];
