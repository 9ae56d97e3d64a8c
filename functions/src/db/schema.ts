/**
 * The drizzle view of the tables created by functions/migrations. The SQL files are the
 * source of truth; `schema.test.ts` checks that the two agree column for column.
 *
 * One file on purpose, although it is long: it mirrors the migrations table by table,
 * the tables reference each other across domains (users from nearly all of them),
 * db/client.ts hands the whole of it to drizzle, and schema.test.ts reads it as one.
 * Split by domain, each part would import the others for its foreign keys.
 */
import { sql } from 'drizzle-orm';
import { index, integer, primaryKey, real, sqliteTable, text, uniqueIndex, type AnySQLiteColumn } from 'drizzle-orm/sqlite-core';

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
    userRole: text('user_role', { enum: ['member', 'admin'] })
      .notNull()
      .default('member'),
    roleType: text('role_type', { enum: ['free', 'premium'] })
      .notNull()
      .default('free'),
    onboarded: integer('onboarded', { mode: 'boolean' }).notNull().default(false),
    emailVerified: integer('email_verified', { mode: 'boolean' }).notNull().default(false),
    phone: text('phone'),
    tokenVersion: integer('token_version').notNull().default(0),
    ...timestamps,
    /** False keeps the profile out of search engines (noindex, not in the sitemap). */
    searchIndexing: integer('search_indexing', { mode: 'boolean' }).notNull().default(true),
    /** True: this member's profile views are counted but not named. */
    privateBrowsing: integer('private_browsing', { mode: 'boolean' }).notNull().default(false),
    /** False: nobody may send this member a message request (0013). */
    acceptsMessageRequests: integer('accepts_message_requests', { mode: 'boolean' }).notNull().default(true),
    /** A suspension (0019): since when, until when (null: for good) and why; see users/suspension.ts. */
    suspendedAt: text('suspended_at'),
    suspendedUntil: text('suspended_until'),
    suspensionReason: text('suspension_reason'),
    /** "I'm not looking now" (0048): since when; out of matching and member search until resumed (members/paused.ts). */
    pausedAt: text('paused_at'),
  },
  (table) => [
    index('users_onboarded_type_created').on(table.onboarded, table.memberType, table.createdAt),
    index('users_type_created').on(table.memberType, table.createdAt),
    index('users_suspended').on(table.suspendedUntil).where(sql`suspended_at IS NOT NULL`),
    index('users_search_opted_out').on(table.id).where(sql`search_indexing = 0`),
    index('users_paused').on(table.id).where(sql`paused_at IS NOT NULL`),
  ],
);

/** A link on a profile: `{ label, url }`. */
export type ProfileLink = { label: string; url: string };

/** JSON list columns (vocabulary keys or free words), '[]' when empty. */
const jsonList = <T = string>(name: string) => text(name, { mode: 'json' }).$type<T[]>().notNull().default(sql`'[]'`);

export const founders = sqliteTable(
  'founders',
  {
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
    bio: text('bio'),
    isTechnical: integer('is_technical', { mode: 'boolean' }),
    skills: jsonList('skills'),
    commitment: text('commitment', { enum: ['full-time', 'part-time'] }),
    ideaStage: text('idea_stage', { enum: ['no-idea', 'idea', 'prototype', 'launched', 'revenue'] }),
    industries: jsonList('industries'),
    interests: jsonList('interests'),
    cityId: integer('city_id'),
    cityName: text('city_name'),
    openToRemote: integer('open_to_remote', { mode: 'boolean' }).notNull().default(false),
    links: jsonList<ProfileLink>('links'),
    lookingForCofounder: integer('looking_for_cofounder', { mode: 'boolean' }).notNull().default(false),
    /** JSON object, see profiles/schemas.ts CofounderPreferences. */
    cofounderPreferences: text('cofounder_preferences', { mode: 'json' }).$type<Record<string, unknown>>().notNull().default(sql`'{}'`),
    profilePictureAlt: text('profile_picture_alt'),
    profileBannerAlt: text('profile_banner_alt'),
    // 0046_deep_profiles.sql
    startupName: text('startup_name'),
    startupWebsite: text('startup_website'),
    builtSoFar: text('built_so_far'),
    takesRoles: jsonList('takes_roles'),
    wantsRoles: jsonList('wants_roles'),
    equity: text('equity', { enum: ['equal', 'open', 'majority-me', 'majority-cofounder'] }),
    fullTime: text('full_time', { enum: ['now', '3-months', '6-months', 'later'] }),
    hoursPerWeek: integer('hours_per_week'),
  },
  // Search's display order: picture first, then newest (0004_search_indexes.sql).
  (table) => [index('founders_listing').on(sql`(${table.profilePictureUrl} IS NOT NULL)`, table.createdAt, table.userId)],
);

export const advisors = sqliteTable(
  'advisors',
  {
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
    bio: text('bio'),
    expertise: jsonList('expertise'),
    industries: jsonList('industries'),
    yearsExperience: integer('years_experience'),
    experience: text('experience'),
    helpTypes: jsonList('help_types'),
    cityId: integer('city_id'),
    cityName: text('city_name'),
    openToRemote: integer('open_to_remote', { mode: 'boolean' }).notNull().default(true),
    links: jsonList<ProfileLink>('links'),
    profilePictureAlt: text('profile_picture_alt'),
    profileBannerAlt: text('profile_banner_alt'),
    // 0046_deep_profiles.sql
    engagements: jsonList('engagements'),
    helpStages: jsonList('help_stages'),
  },
  (table) => [index('advisors_listing').on(sql`(${table.profilePictureUrl} IS NOT NULL)`, table.createdAt, table.userId)],
);

export const onboardingDrafts = sqliteTable('onboarding_drafts', {
  userId: text('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  step: integer('step').notNull().default(0),
  data: text('data', { mode: 'json' }).$type<Record<string, unknown>>().notNull().default(sql`'{}'`),
  updatedAt: text('updated_at').notNull(),
});

/** Facet kinds of profile_tags (the search filters). */
export const profileTagKinds = ['skill', 'industry', 'expertise', 'help', 'commitment', 'stage', 'technical', 'remote', 'city', 'looking', 'takes', 'fulltime', 'engage'] as const;

export const profileTags = sqliteTable(
  'profile_tags',
  {
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    kind: text('kind', { enum: profileTagKinds }).notNull(),
    value: text('value').notNull(),
  },
  (table) => [primaryKey({ columns: [table.kind, table.value, table.userId] }), index('profile_tags_user').on(table.userId)],
);

/**
 * Onboarded members per type ('' kind and value) and per facet value, under their flags (1
 * open to remote, 2 looking for a co-founder; those two are never a kind here), kept by
 * 0032's triggers (search totals).
 */
export const searchCounts = sqliteTable(
  'search_counts',
  {
    memberType: text('member_type', { enum: ['founder', 'advisor'] }).notNull(),
    kind: text('kind').notNull(),
    value: text('value').notNull(),
    flags: integer('flags').notNull(),
    members: integer('members').notNull().default(0),
  },
  (table) => [primaryKey({ columns: [table.memberType, table.kind, table.value, table.flags] })],
);

/** Onboarded members per type holding both of two facet values (kind_a < kind_b), under their flags, kept by 0032's triggers (search totals). */
export const searchPairCounts = sqliteTable(
  'search_pair_counts',
  {
    memberType: text('member_type', { enum: ['founder', 'advisor'] }).notNull(),
    kindA: text('kind_a').notNull(),
    valueA: text('value_a').notNull(),
    kindB: text('kind_b').notNull(),
    valueB: text('value_b').notNull(),
    flags: integer('flags').notNull(),
    members: integer('members').notNull().default(0),
  },
  (table) => [primaryKey({ columns: [table.memberType, table.kindA, table.valueA, table.kindB, table.valueB, table.flags] })],
);

/** Each indexed member's search key, profile_search's rowid (0028; profiles/search-keys.ts). */
export const searchKeys = sqliteTable('search_keys', {
  userId: text('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  key: integer('key').notNull().unique(),
});

/** Where a job walking every member stopped (0027): the digest, an account deletion's cleaning. */
export const jobCursors = sqliteTable('job_cursors', {
  job: text('job').primaryKey(),
  /** A user id; '' = from the first. */
  cursor: text('cursor').notNull().default(''),
  updatedAt: text('updated_at').notNull(),
});

export const cities = sqliteTable(
  'cities',
  {
    id: integer('id').primaryKey(),
    name: text('name').notNull(),
    searchKey: text('search_key').notNull(),
    countryCode: text('country_code').notNull(),
    countryName: text('country_name').notNull(),
    adminCode: text('admin_code'),
    population: integer('population').notNull(),
    latitude: real('latitude').notNull(),
    longitude: real('longitude').notNull(),
  },
  (table) => [index('cities_search').on(table.searchKey, table.population)],
);

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
    /** Wrong guesses so far: the code dies at WRONG_GUESSES_PER_CODE (auth/codes.ts). */
    failedAttempts: integer('failed_attempts').notNull().default(0),
  },
  (table) => [index('auth_codes_purpose_hash').on(table.purpose, table.codeHash), index('auth_codes_user_purpose').on(table.userId, table.purpose)],
);

export const sessionEndReasons = ['signed-out', 'signed-out-everywhere', 'password-changed', 'password-reset'] as const;

/** One row per session token's `sid` (session/sessions.ts): a token is good while its row is live. */
export const sessions = sqliteTable(
  'sessions',
  {
    id: text('id').primaryKey(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: text('created_at').notNull(),
    expiresAt: text('expires_at').notNull(),
    endedAt: text('ended_at'),
    endReason: text('end_reason', { enum: sessionEndReasons }),
    // Migration 0015: the browser that opened the session and when it was last used.
    userAgent: text('user_agent'),
    lastSeenAt: text('last_seen_at'),
  },
  (table) => [index('sessions_user_expires').on(table.userId, table.expiresAt)],
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
    /** Migration 0023: the extra headers (JSON object), e.g. List-Unsubscribe. */
    headers: text('headers').notNull().default('{}'),
    /** Migration 0038: the attachments, JSON [{ filename, contentType, content }]. */
    attachments: text('attachments').notNull().default('[]'),
  },
  (table) => [index('dev_mail_to_address').on(table.toAddress)],
);

export const feedGroupAudiences = ['all', 'founder', 'advisor'] as const;

export const feedGroups = sqliteTable('feed_groups', {
  key: text('key').primaryKey(),
  name: text('name').notNull(),
  description: text('description'),
  /** Who may post in the group. */
  audience: text('audience', { enum: feedGroupAudiences }).notNull().default('all'),
  position: integer('position').notNull().default(0),
  createdAt: text('created_at').notNull(),
  /** Set when an administrator archived the group (0020): hidden from members, no new posts. */
  archivedAt: text('archived_at'),
});

export const feedPosts = sqliteTable(
  'feed_posts',
  {
    id: text('id').primaryKey(),
    slug: text('slug').notNull().unique(),
    authorUserId: text('author_user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    text: text('text').notNull(),
    /** A feed_groups.key, or null (no group). */
    groupName: text('group_name'),
    isPinned: integer('is_pinned', { mode: 'boolean' }).notNull().default(false),
    ...timestamps,
    pinnedAt: text('pinned_at'),
    editedAt: text('edited_at'),
    likeCount: integer('like_count').notNull().default(0),
    /** Comments and replies. */
    commentCount: integer('comment_count').notNull().default(0),
  },
  (table) => [
    index('feed_posts_created').on(table.createdAt, table.id),
    index('feed_posts_group_created').on(table.groupName, table.createdAt, table.id),
    index('feed_posts_pinned').on(table.groupName, table.pinnedAt).where(sql`is_pinned = 1`),
    index('feed_posts_author').on(table.authorUserId, table.createdAt),
  ],
);

/** Posts in all ('') and per group, kept by triggers (migration 0006). */
export const feedPostCounts = sqliteTable('feed_post_counts', {
  groupKey: text('group_key').primaryKey(),
  posts: integer('posts').notNull().default(0),
});

const postRef = () =>
  text('post_id')
    .notNull()
    .references(() => feedPosts.id, { onDelete: 'cascade' });
const userRef = (name = 'user_id') =>
  text(name)
    .notNull()
    .references(() => users.id, { onDelete: 'cascade' });

export const feedPostMedia = sqliteTable(
  'feed_post_media',
  {
    id: text('id').primaryKey(),
    postId: postRef(),
    position: integer('position').notNull(),
    r2Key: text('r2_key').notNull(),
    mime: text('mime').notNull(),
    alt: text('alt'),
    width: integer('width'),
    height: integer('height'),
    bytes: integer('bytes').notNull(),
    createdAt: text('created_at').notNull(),
  },
  (table) => [index('feed_post_media_post').on(table.postId, table.position)],
);

export const feedPolls = sqliteTable('feed_polls', {
  id: text('id').primaryKey(),
  postId: text('post_id')
    .notNull()
    .unique()
    .references(() => feedPosts.id, { onDelete: 'cascade' }),
  question: text('question'),
  closesAt: text('closes_at'),
  createdAt: text('created_at').notNull(),
});

export const feedPollOptions = sqliteTable(
  'feed_poll_options',
  {
    id: text('id').primaryKey(),
    pollId: text('poll_id')
      .notNull()
      .references(() => feedPolls.id, { onDelete: 'cascade' }),
    position: integer('position').notNull(),
    label: text('label').notNull(),
    voteCount: integer('vote_count').notNull().default(0),
  },
  (table) => [index('feed_poll_options_poll').on(table.pollId, table.position)],
);

export const feedPollVotes = sqliteTable(
  'feed_poll_votes',
  {
    pollId: text('poll_id')
      .notNull()
      .references(() => feedPolls.id, { onDelete: 'cascade' }),
    userId: userRef(),
    optionId: text('option_id')
      .notNull()
      .references(() => feedPollOptions.id, { onDelete: 'cascade' }),
    createdAt: text('created_at').notNull(),
  },
  (table) => [primaryKey({ columns: [table.pollId, table.userId] })],
);

export const feedLikes = sqliteTable('feed_likes', { postId: postRef(), userId: userRef(), createdAt: text('created_at').notNull() }, (table) => [
  primaryKey({ columns: [table.postId, table.userId] }),
  index('feed_likes_user').on(table.userId, table.postId),
]);

export const feedComments = sqliteTable(
  'feed_comments',
  {
    id: text('id').primaryKey(),
    postId: postRef(),
    authorUserId: userRef('author_user_id'),
    text: text('text').notNull(),
    replyCount: integer('reply_count').notNull().default(0),
    editedAt: text('edited_at'),
    ...timestamps,
  },
  (table) => [index('feed_comments_post').on(table.postId, table.createdAt, table.id)],
);

export const feedReplies = sqliteTable(
  'feed_replies',
  {
    id: text('id').primaryKey(),
    commentId: text('comment_id')
      .notNull()
      .references(() => feedComments.id, { onDelete: 'cascade' }),
    postId: postRef(),
    authorUserId: userRef('author_user_id'),
    text: text('text').notNull(),
    editedAt: text('edited_at'),
    ...timestamps,
  },
  (table) => [index('feed_replies_comment').on(table.commentId, table.createdAt, table.id)],
);

export const feedPostHistory = sqliteTable(
  'feed_post_history',
  {
    id: text('id').primaryKey(),
    postId: postRef(),
    text: text('text').notNull(),
    /** JSON of the poll as it was, or null. */
    poll: text('poll', { mode: 'json' }).$type<Record<string, unknown>>(),
    /** JSON of the media list as it was. */
    media: text('media', { mode: 'json' }).$type<Record<string, unknown>[]>().notNull().default(sql`'[]'`),
    groupName: text('group_name'),
    editedBy: text('edited_by').references(() => users.id, { onDelete: 'set null' }),
    /** When this version was replaced. */
    createdAt: text('created_at').notNull(),
  },
  (table) => [index('feed_post_history_post').on(table.postId, table.createdAt)],
);

export const feedHashtags = sqliteTable('feed_hashtags', { tag: text('tag').notNull(), postId: postRef(), createdAt: text('created_at').notNull() }, (table) => [
  primaryKey({ columns: [table.tag, table.createdAt, table.postId] }),
  index('feed_hashtags_post').on(table.postId),
]);

export const feedMentions = sqliteTable(
  'feed_mentions',
  {
    postId: postRef(),
    userId: userRef(),
    /** '' when tagged in the post itself. */
    commentId: text('comment_id').notNull().default(''),
    createdAt: text('created_at').notNull(),
  },
  (table) => [primaryKey({ columns: [table.postId, table.userId, table.commentId] }), index('feed_mentions_user').on(table.userId, table.createdAt)],
);

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
    index('connections_accepted_responded').on(table.respondedAt).where(sql`status = 'accepted'`),
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

export const reportTargetTypes = ['member', 'post', 'comment', 'message', 'review'] as const;
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
    /** The moderation decision that closed it (0019). */
    actionId: text('action_id').references((): AnySQLiteColumn => moderationActions.id),
    resolvedAt: text('resolved_at'),
  },
  (table) => [
    uniqueIndex('reports_open_per_reporter').on(table.reporterId, table.targetType, table.targetId).where(sql`status = 'open'`),
    index('reports_status_created').on(table.status, table.createdAt),
    index('reports_target_status').on(table.targetType, table.targetId, table.status),
    index('reports_action').on(table.actionId).where(sql`action_id IS NOT NULL`),
    index('reports_resolved').on(table.resolvedAt).where(sql`status = 'resolved'`),
  ],
);

/** A media file of a reported post or message: its R2 key (the file goes with the content), type, name and description. */
export type SnapshotMedia = { key: string; mime: string; name: string | null; alt: string | null };

/** What a report was about when it was filed (0034): kept while the report is open and 90 days after. */
export const reportSnapshots = sqliteTable(
  'report_snapshots',
  {
    reportId: text('report_id')
      .primaryKey()
      .references(() => reports.id, { onDelete: 'cascade' }),
    authorId: text('author_id').notNull(),
    authorName: text('author_name').notNull(),
    text: text('text'),
    media: text('media', { mode: 'json' }).$type<SnapshotMedia[]>().notNull().default([]),
    writtenAt: text('written_at'),
    takenAt: text('taken_at').notNull(),
  },
  (table) => [index('report_snapshots_author').on(table.authorId)],
);

export type ReportSnapshotRow = typeof reportSnapshots.$inferSelect;

export const moderationActionKinds = ['dismiss', 'remove', 'warn', 'suspend', 'unsuspend'] as const;

/**
 * One row per moderation decision (0019). `preconditionMet` is computed by the INSERT from the
 * state the admin acted on; a 0 fails its CHECK and rolls the action's whole batch back.
 */
export const moderationActions = sqliteTable(
  'moderation_actions',
  {
    id: text('id').primaryKey(),
    action: text('action', { enum: moderationActionKinds }).notNull(),
    targetType: text('target_type', { enum: reportTargetTypes }).notNull(),
    targetId: text('target_id').notNull(),
    memberId: text('member_id'),
    adminId: text('admin_id').notNull(),
    adminName: text('admin_name').notNull(),
    reason: text('reason'),
    suspendedUntil: text('suspended_until'),
    reportsHandled: integer('reports_handled').notNull().default(0),
    preconditionMet: integer('precondition_met').notNull(),
    createdAt: text('created_at').notNull(),
  },
  (table) => [
    index('moderation_actions_target_created').on(table.targetType, table.targetId, table.createdAt),
    index('moderation_actions_member_created').on(table.memberId, table.createdAt),
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

// The inbox lives in one MemberInbox object per member (0033, inbox/inbox-object.ts); D1 keeps the
// files' rows (the registry of what is in R2, by owner) and which threads have unread messages.
export const attachments = sqliteTable(
  'attachments',
  {
    id: text('id').primaryKey(),
    ownerId: text('owner_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** Null between the upload and the message that sends it (the message is in both members' mailboxes). */
    messageId: text('message_id'),
    /** The member it was sent to: the one other member who may read it. */
    toId: text('to_id').references(() => users.id, { onDelete: 'set null' }),
    /** The R2 key; attachments are never served publicly. */
    storageKey: text('storage_key').notNull(),
    name: text('name').notNull(),
    /** From the file's bytes, not its name. */
    mime: text('mime').notNull(),
    size: integer('size').notNull(),
    width: integer('width'),
    height: integer('height'),
    position: integer('position').notNull().default(0),
    createdAt: text('created_at').notNull(),
  },
  (table) => [
    index('attachments_message').on(table.messageId).where(sql`message_id IS NOT NULL`),
    index('attachments_owner_unsent').on(table.ownerId, table.createdAt).where(sql`message_id IS NULL`),
  ],
);

/** A thread with messages its member has not read, since the first (0033): the unread-message mail's candidates. */
export const unreadThreads = sqliteTable(
  'unread_threads',
  {
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    threadId: text('thread_id').notNull(),
    senderId: text('sender_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    since: text('since').notNull(),
  },
  (table) => [primaryKey({ columns: [table.userId, table.threadId] }), index('unread_threads_since').on(table.since)],
);

// The notification outbox (0024): notifications themselves live in one object per member
// (notifications/notifications-object.ts); an action's batch writes the row, delivery deletes it.
export const notificationOutbox = sqliteTable(
  'notification_outbox',
  {
    id: text('id').primaryKey(),
    /** The receiver. */
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** JSON: the NotifyInput and the time it was stored at. */
    payload: text('payload').notNull(),
    createdAt: text('created_at').notNull(),
  },
  (table) => [index('notification_outbox_created').on(table.createdAt)],
);

// Message requests (0013): a Premium member's first message to a member they are not connected with.
export const messageRequests = sqliteTable(
  'message_requests',
  {
    id: text('id').primaryKey(),
    senderId: text('sender_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    recipientId: text('recipient_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** One request per pair, whoever sent it (as threads.pair_key). */
    pairKey: text('pair_key').notNull().unique(),
    body: text('body').notNull(),
    status: text('status', { enum: ['pending', 'accepted', 'declined'] })
      .notNull()
      .default('pending'),
    createdAt: text('created_at').notNull(),
    answeredAt: text('answered_at'),
  },
  (table) => [
    index('message_requests_inbox').on(table.recipientId, table.createdAt).where(sql`status = 'pending'`),
    index('message_requests_sent').on(table.senderId, table.createdAt),
  ],
);

/** Premium plans and subscription history kinds (functions/src/subscriptions). */
export const billingPlans = ['monthly', 'yearly'] as const;
export const subscriptionEventKinds = ['started', 'renewed', 'payment_failed', 'cancel_asked', 'undone', 'plan_switched', 'ended', 'granted', 'grant_ended'] as const;

/** One payment-provider customer per member, created before the first checkout. */
export const billingCustomers = sqliteTable('billing_customers', {
  userId: text('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  customerId: text('customer_id').notNull().unique(),
  createdAt: text('created_at').notNull(),
});

/** A member's subscription as the provider last reported it (id: the provider's). */
export const subscriptions = sqliteTable(
  'subscriptions',
  {
    id: text('id').primaryKey(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    customerId: text('customer_id').notNull(),
    plan: text('plan', { enum: billingPlans }).notNull(),
    /** The provider's status: active, trialing, past_due, canceled, unpaid, incomplete, … */
    status: text('status').notNull(),
    currentPeriodEnd: text('current_period_end').notNull(),
    cancelAtPeriodEnd: integer('cancel_at_period_end', { mode: 'boolean' }).notNull().default(false),
    cancelReason: text('cancel_reason'),
    endedAt: text('ended_at'),
    ...timestamps,
  },
  (table) => [index('subscriptions_user').on(table.userId, table.createdAt)],
);

export const subscriptionEvents = sqliteTable(
  'subscription_events',
  {
    id: text('id').primaryKey(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    subscriptionId: text('subscription_id'),
    kind: text('kind', { enum: subscriptionEventKinds }).notNull(),
    plan: text('plan', { enum: billingPlans }),
    detail: text('detail'),
    createdAt: text('created_at').notNull(),
  },
  (table) => [index('subscription_events_user').on(table.userId, table.createdAt, table.id)],
);

/** Webhook event ids already handled: a repeat changes nothing. */
export const billingWebhookEvents = sqliteTable('billing_webhook_events', {
  eventId: text('event_id').primaryKey(),
  type: text('type').notNull(),
  receivedAt: text('received_at').notNull(),
});

/** Premium switched on by an administrator: never billed, never ended by billing. */
export const premiumGrants = sqliteTable('premium_grants', {
  userId: text('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  grantedBy: text('granted_by').references(() => users.id, { onDelete: 'set null' }),
  createdAt: text('created_at').notNull(),
});

/** The local test-mode provider's checkouts (only without a Stripe key). */
export const testBillingCheckouts = sqliteTable('test_billing_checkouts', {
  id: text('id').primaryKey(),
  customerId: text('customer_id').notNull(),
  userId: text('user_id')
    .notNull()
    .references(() => users.id, { onDelete: 'cascade' }),
  plan: text('plan', { enum: billingPlans }).notNull(),
  status: text('status', { enum: ['open', 'complete', 'expired'] }).notNull(),
  subscriptionId: text('subscription_id'),
  createdAt: text('created_at').notNull(),
});

/** The local test-mode provider's subscriptions, standing where Stripe's would. */
export const testBillingSubscriptions = sqliteTable(
  'test_billing_subscriptions',
  {
    id: text('id').primaryKey(),
    customerId: text('customer_id').notNull(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    plan: text('plan', { enum: billingPlans }).notNull(),
    status: text('status').notNull(),
    currentPeriodEnd: text('current_period_end').notNull(),
    cancelAtPeriodEnd: integer('cancel_at_period_end', { mode: 'boolean' }).notNull().default(false),
    createdAt: text('created_at').notNull(),
  },
  (table) => [index('test_billing_subscriptions_customer').on(table.customerId)],
);

export type UserRow = typeof users.$inferSelect;
export type FounderRow = typeof founders.$inferSelect;
export type AdvisorRow = typeof advisors.$inferSelect;
export type AuthCodeRow = typeof authCodes.$inferSelect;
export type CodePurpose = AuthCodeRow['purpose'];
export type ConnectionRow = typeof connections.$inferSelect;
export type ConnectionStatus = ConnectionRow['status'];
export type ReportRow = typeof reports.$inferSelect;
export type ModerationActionRow = typeof moderationActions.$inferSelect;
export type CityRow = typeof cities.$inferSelect;
export type FeedPostRow = typeof feedPosts.$inferSelect;
export type FeedGroupRow = typeof feedGroups.$inferSelect;
export type FeedCommentRow = typeof feedComments.$inferSelect;
export type FeedReplyRow = typeof feedReplies.$inferSelect;
export type AttachmentRow = typeof attachments.$inferSelect;
export type MessageRequestRow = typeof messageRequests.$inferSelect;
export type SubscriptionRow = typeof subscriptions.$inferSelect;
export type SubscriptionEventRow = typeof subscriptionEvents.$inferSelect;

// Social sign-in (0017): provider identities keyed by (provider, subject); see auth/social/.
export const socialProviders = ['google', 'linkedin', 'github'] as const;

export const socialIdentities = sqliteTable(
  'social_identities',
  {
    provider: text('provider', { enum: socialProviders }).notNull(),
    subject: text('subject').notNull(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    email: text('email'),
    createdAt: text('created_at').notNull(),
  },
  (table) => [primaryKey({ columns: [table.provider, table.subject] }), uniqueIndex('social_identities_user_provider').on(table.userId, table.provider)],
);

export type SocialIdentityRow = typeof socialIdentities.$inferSelect;

// The admin audit log (0016): append-only (triggers refuse UPDATE and DELETE).
export const adminAudit = sqliteTable(
  'admin_audit',
  {
    id: text('id').primaryKey(),
    adminId: text('admin_id').notNull(),
    adminName: text('admin_name').notNull(),
    action: text('action').notNull(),
    targetType: text('target_type').notNull(),
    targetId: text('target_id').notNull(),
    note: text('note'),
    createdAt: text('created_at').notNull(),
  },
  (table) => [
    index('admin_audit_created').on(table.createdAt),
    index('admin_audit_admin_created').on(table.adminId, table.createdAt),
    index('admin_audit_action_created').on(table.action, table.createdAt),
    index('admin_audit_target_created').on(table.targetType, table.targetId, table.createdAt),
  ],
);

// Account deletion requests (0018): at most one pending per member; see account-deletion/.
export const deletionRequestStatuses = ['pending', 'withdrawn', 'approved', 'rejected', 'completed'] as const;

export const deletionRequests = sqliteTable(
  'deletion_requests',
  {
    id: text('id').primaryKey(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    reason: text('reason'),
    status: text('status', { enum: deletionRequestStatuses }).notNull().default('pending'),
    createdAt: text('created_at').notNull(),
    /** When the deletion runs by itself: created_at + 30 days. */
    dueAt: text('due_at').notNull(),
    handledBy: text('handled_by').references(() => users.id, { onDelete: 'set null' }),
    handledByName: text('handled_by_name'),
    handledAt: text('handled_at'),
    adminNote: text('admin_note'),
    completedAt: text('completed_at'),
  },
  (table) => [
    uniqueIndex('deletion_requests_one_pending').on(table.userId).where(sql`status = 'pending'`),
    index('deletion_requests_user_created').on(table.userId, table.createdAt),
    index('deletion_requests_status_created').on(table.status, table.createdAt),
    index('deletion_requests_due').on(table.dueAt).where(sql`status IN ('pending', 'approved')`),
  ],
);

export type DeletionRequestRow = typeof deletionRequests.$inferSelect;

// Web push devices and notification preferences (0022); see push/.
export const pushSubscriptions = sqliteTable(
  'push_subscriptions',
  {
    id: text('id').primaryKey(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** The browser's push service URL: one device, one row. */
    endpoint: text('endpoint').notNull().unique(),
    p256dh: text('p256dh').notNull(),
    auth: text('auth').notNull(),
    userAgent: text('user_agent').notNull().default(''),
    createdAt: text('created_at').notNull(),
    lastSuccessAt: text('last_success_at'),
  },
  (table) => [index('push_subscriptions_user').on(table.userId, table.createdAt)],
);

/** Migration 0038: the table no longer checks the kind; this list is the one place kinds are named. */
export const notificationPreferenceKinds = [
  'messages',
  'messageRequests',
  'connectionRequests',
  'connectionAccepted',
  'mentions',
  'replies',
  'sessions',
  'savedSearches',
  'introductions',
] as const;
export const notificationChannelNames = ['push', 'email', 'off'] as const;
export const digestFrequencies = ['daily', 'weekly', 'off'] as const;

export const notificationChannels = sqliteTable(
  'notification_channels',
  {
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    kind: text('kind', { enum: notificationPreferenceKinds }).notNull(),
    channel: text('channel', { enum: notificationChannelNames }).notNull(),
  },
  (table) => [primaryKey({ columns: [table.userId, table.kind] })],
);

export const notificationSettings = sqliteTable('notification_settings', {
  userId: text('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  digest: text('digest', { enum: digestFrequencies }).notNull().default('weekly'),
  updatedAt: text('updated_at').notNull(),
});

// Mail for what a member missed (0023); see missed-mail/.
export const mailKinds = ['unread-message', 'digest'] as const;
export const mailLists = ['messages', 'digest'] as const;

export const mailLog = sqliteTable(
  'mail_log',
  {
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    kind: text('kind', { enum: mailKinds }).notNull(),
    refId: text('ref_id').notNull().default(''),
    /** YYYY-MM-DD (UTC): one mail per member, kind, conversation and day. */
    day: text('day').notNull(),
    sentAt: text('sent_at').notNull(),
  },
  (table) => [primaryKey({ columns: [table.userId, table.kind, table.refId, table.day] }), index('mail_log_user_kind_sent').on(table.userId, table.kind, table.sentAt)],
);

export const mailOptOuts = sqliteTable(
  'mail_opt_outs',
  {
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    list: text('list', { enum: mailLists }).notNull(),
    createdAt: text('created_at').notNull(),
  },
  (table) => [primaryKey({ columns: [table.userId, table.list] })],
);

/** What a member agreed to and when (0035; consents/): kinds, and where the answer was given. */
export const consentKinds = ['terms', 'privacy', 'digest'] as const;
export const consentSources = ['registration', 'social-registration', 'settings'] as const;

export const consents = sqliteTable(
  'consents',
  {
    id: text('id').primaryKey(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    kind: text('kind', { enum: consentKinds }).notNull(),
    /** The version of the document the member saw (consents/versions.ts). */
    version: text('version').notNull(),
    granted: integer('granted', { mode: 'boolean' }).notNull(),
    source: text('source', { enum: consentSources }).notNull(),
    createdAt: text('created_at').notNull(),
  },
  (table) => [index('consents_user').on(table.userId, table.kind, table.createdAt)],
);

export type ConsentRow = typeof consents.$inferSelect;

/** A host's weekly hours and rules (functions/src/office-hours). */
export const officeHours = sqliteTable('office_hours', {
  userId: text('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  timeZone: text('time_zone').notNull(),
  weeklyHours: text('weekly_hours', { mode: 'json' }).$type<{ weekday: 1 | 2 | 3 | 4 | 5 | 6 | 7; start: string; end: string }[]>().notNull().default(sql`'[]'`),
  sessionLengths: text('session_lengths', { mode: 'json' }).$type<number[]>().notNull().default(sql`'[30]'`),
  bufferBefore: integer('buffer_before').notNull().default(0),
  bufferAfter: integer('buffer_after').notNull().default(0),
  minimumNotice: integer('minimum_notice').notNull().default(240),
  weeklyCap: integer('weekly_cap'),
  daysOff: jsonList('days_off'),
  topics: jsonList('topics'),
  meetingLink: text('meeting_link'),
  needsApproval: integer('needs_approval', { mode: 'boolean' }).notNull().default(false),
  published: integer('published', { mode: 'boolean' }).notNull().default(false),
  createdAt: text('created_at').notNull(),
  updatedAt: text('updated_at').notNull(),
  /** Whether meeting_link is a video room FounderMesh made (office-hours/video-room.ts) rather than the host's own link. */
  videoRoom: integer('video_room', { mode: 'boolean' }).notNull().default(false),
});

export type OfficeHoursRow = typeof officeHours.$inferSelect;

export const bookingStatuses = ['requested', 'confirmed', 'declined', 'cancelled', 'no_show'] as const;
export type BookingStatus = (typeof bookingStatuses)[number];

/** A session booked in a host's office hours; times are epoch milliseconds (UTC). */
export const bookings = sqliteTable(
  'bookings',
  {
    id: text('id').primaryKey(),
    hostId: text('host_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    guestId: text('guest_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    startsAt: integer('starts_at').notNull(),
    endsAt: integer('ends_at').notNull(),
    /** The session widened by the host's buffers when booked: no two of a host's open sessions overlap here. */
    busyFrom: integer('busy_from').notNull(),
    busyUntil: integer('busy_until').notNull(),
    status: text('status', { enum: bookingStatuses }).notNull(),
    topic: text('topic').notNull(),
    agenda: text('agenda').notNull().default(''),
    guestTimeZone: text('guest_time_zone').notNull(),
    /** iCalendar SEQUENCE: one more on every change of the session. */
    sequence: integer('sequence').notNull().default(0),
    cancelledBy: text('cancelled_by'),
    cancelReason: text('cancel_reason'),
    /** Migration 0038: who moved the session last, why, and its start before. */
    rescheduledBy: text('rescheduled_by'),
    rescheduleReason: text('reschedule_reason'),
    rescheduledFrom: integer('rescheduled_from'),
    /** Migration 0038: the host's note on a no-show. */
    noShowReason: text('no_show_reason'),
    /** Migration 0038: the start each reminder was sent for (null: not sent); a moved session differs. */
    dayReminderFor: integer('day_reminder_for'),
    hourReminderFor: integer('hour_reminder_for'),
    createdAt: text('created_at').notNull(),
    updatedAt: text('updated_at').notNull(),
    /** When the guest was asked to review the ended session (0040, reviews/requests.ts). */
    reviewRequestedAt: text('review_requested_at'),
  },
  (table) => [
    index('bookings_confirmed_start').on(table.startsAt).where(sql`status = 'confirmed'`),
    index('bookings_host_busy').on(table.hostId, table.busyFrom).where(sql`status IN ('requested', 'confirmed')`),
    index('bookings_guest_start').on(table.guestId, table.startsAt),
    index('bookings_review_due').on(table.endsAt).where(sql`status = 'confirmed' AND review_requested_at IS NULL`),
  ],
);

export type BookingRow = typeof bookings.$inferSelect;

/** A member's private calendar feed (office-hours/calendar-feed.ts): only the SHA-256 of its secret token. */
export const calendarFeeds = sqliteTable('calendar_feeds', {
  userId: text('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  tokenHash: text('token_hash').notNull().unique(),
  createdAt: text('created_at').notNull(),
});
/** A guest's review of an ended session and the host's one answer (0040, functions/src/reviews). */
export const sessionReviews = sqliteTable(
  'session_reviews',
  {
    id: text('id').primaryKey(),
    bookingId: text('booking_id')
      .notNull()
      .unique()
      .references(() => bookings.id, { onDelete: 'cascade' }),
    hostId: text('host_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    guestId: text('guest_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    rating: integer('rating').notNull(),
    text: text('text').notNull(),
    answer: text('answer'),
    answeredAt: text('answered_at'),
    /** Set when an administrator removed it after a report: shown nowhere, counted in no average. */
    hiddenAt: text('hidden_at'),
    createdAt: text('created_at').notNull(),
  },
  (table) => [index('session_reviews_host_created').on(table.hostId, table.createdAt).where(sql`hidden_at IS NULL`), index('session_reviews_guest').on(table.guestId)],
);

export type SessionReviewRow = typeof sessionReviews.$inferSelect;
/**
 * An invitation by email (migration 0041): the token's SHA-256, who invited (null once they
 * deleted their account), who joined through it and when.
 */
export const invitations = sqliteTable(
  'invitations',
  {
    id: text('id').primaryKey(),
    inviterId: text('inviter_id').references(() => users.id, { onDelete: 'set null' }),
    email: text('email').notNull(),
    tokenHash: text('token_hash').notNull().unique(),
    createdAt: text('created_at').notNull(),
    expiresAt: text('expires_at').notNull(),
    inviteeId: text('invitee_id').references(() => users.id, { onDelete: 'set null' }),
    joinedAt: text('joined_at'),
  },
  (table) => [
    index('invitations_inviter_created').on(table.inviterId, table.createdAt),
    index('invitations_email').on(table.email),
    index('invitations_invitee').on(table.inviteeId).where(sql`invitee_id IS NOT NULL`),
  ],
);

export type InvitationRow = typeof invitations.$inferSelect;
export const matchIntentKinds = ['interested', 'not_now'] as const;

/** A member's "Interested" or "Not now" on a candidate (migration 0045; introductions/intents.ts). */
export const matchIntents = sqliteTable(
  'match_intents',
  {
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    candidateId: text('candidate_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    kind: text('kind', { enum: matchIntentKinds }).notNull(),
    createdAt: text('created_at').notNull(),
    /** "Not now" only: when the candidate may be suggested again. */
    expiresAt: text('expires_at'),
  },
  (table) => [
    primaryKey({ columns: [table.userId, table.candidateId] }),
    index('match_intents_candidate').on(table.candidateId, table.createdAt).where(sql`kind = 'interested'`),
    index('match_intents_sent').on(table.userId, table.createdAt).where(sql`kind = 'interested'`),
  ],
);

export type MatchIntentRow = typeof matchIntents.$inferSelect;

/** Two members both interested: one row per pair, made by the second "Interested" (migration 0045). */
export const matches = sqliteTable(
  'matches',
  {
    id: text('id').primaryKey(),
    pairKey: text('pair_key').notNull().unique(),
    firstId: text('first_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    secondId: text('second_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    connectionId: text('connection_id'),
    createdAt: text('created_at').notNull(),
  },
  (table) => [index('matches_first').on(table.firstId, table.createdAt), index('matches_second').on(table.secondId, table.createdAt), index('matches_created').on(table.createdAt)],
);

export type MatchRowStored = typeof matches.$inferSelect;

/** A member on another member's saved list, with a note only the saver reads (migration 0048; saved/). */
export const savedMembers = sqliteTable(
  'saved_members',
  {
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    memberId: text('member_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    note: text('note').notNull().default(''),
    createdAt: text('created_at').notNull(),
    updatedAt: text('updated_at').notNull(),
  },
  (table) => [primaryKey({ columns: [table.userId, table.memberId] }), index('saved_members_list').on(table.userId, table.createdAt)],
);

export type SavedMemberRow = typeof savedMembers.$inferSelect;

/** A saved founder or advisor search and its daily job's last run (migration 0048; saved/new-matches.ts). */
export const savedSearches = sqliteTable(
  'saved_searches',
  {
    id: text('id').primaryKey(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    memberType: text('member_type', { enum: ['founder', 'advisor'] }).notNull(),
    /** The search route's filters and `q`, as JSON. */
    query: text('query').notNull(),
    createdAt: text('created_at').notNull(),
    lastRunAt: text('last_run_at').notNull(),
  },
  (table) => [index('saved_searches_user').on(table.userId, table.createdAt), index('saved_searches_last_run').on(table.lastRunAt)],
);

export type SavedSearchRow = typeof savedSearches.$inferSelect;

/** One weekly shortlist per member and ISO week (migration 0049; shortlist/). */
export const shortlists = sqliteTable(
  'shortlists',
  {
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    week: text('week').notNull(),
    createdAt: text('created_at').notNull(),
  },
  (table) => [primaryKey({ columns: [table.userId, table.week] })],
);

/** A member a shortlist showed; one row per member and candidate, ever (migration 0049). */
export const shortlistPicks = sqliteTable(
  'shortlist_picks',
  {
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    candidateId: text('candidate_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    week: text('week').notNull(),
    rank: integer('rank').notNull(),
    score: integer('score').notNull(),
    /** JSON list of the reasons, from the member's side. */
    reasons: text('reasons').notNull(),
  },
  (table) => [primaryKey({ columns: [table.userId, table.candidateId] }), index('shortlist_picks_week').on(table.userId, table.week, table.rank)],
);

export const matchOutcomes = ['good', 'okay', 'not_a_fit'] as const;

/** "Did you meet? How did it go?" of one side of a match (migration 0049; shortlist/checkins.ts). */
export const matchCheckins = sqliteTable(
  'match_checkins',
  {
    matchId: text('match_id')
      .notNull()
      .references(() => matches.id, { onDelete: 'cascade' }),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    otherId: text('other_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    askedAt: text('asked_at').notNull(),
    met: integer('met', { mode: 'boolean' }),
    outcome: text('outcome', { enum: matchOutcomes }),
    answeredAt: text('answered_at'),
  },
  (table) => [
    primaryKey({ columns: [table.matchId, table.userId] }),
    index('match_checkins_other').on(table.otherId, table.outcome).where(sql`outcome IS NOT NULL`),
    index('match_checkins_open').on(table.userId, table.askedAt).where(sql`answered_at IS NULL`),
  ],
);

export const verificationMethods = ['linkedin', 'work'] as const;
export type VerificationMethod = (typeof verificationMethods)[number];

/** A member's verified badge, one row per way (migration 0047; verification/). LinkedIn rows follow social_identities by trigger. */
export const memberVerifications = sqliteTable(
  'member_verifications',
  {
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    method: text('method', { enum: verificationMethods }).notNull(),
    /** Work only: the address proved and its domain (shown with the badge). */
    email: text('email'),
    domain: text('domain'),
    verifiedAt: text('verified_at').notNull(),
    /** Set when an administrator withdrew the badge; the row then stays so it does not come back. */
    withdrawnAt: text('withdrawn_at'),
  },
  (table) => [primaryKey({ columns: [table.userId, table.method] })],
);

export type MemberVerificationRow = typeof memberVerifications.$inferSelect;

/** The code mailed to prove a work address: one pending per member, hashed (migration 0047). */
export const workEmailCodes = sqliteTable('work_email_codes', {
  userId: text('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  email: text('email').notNull(),
  domain: text('domain').notNull(),
  codeHash: text('code_hash').notNull(),
  wrongGuesses: integer('wrong_guesses').notNull().default(0),
  sentAt: text('sent_at').notNull(),
  expiresAt: text('expires_at').notNull(),
});
