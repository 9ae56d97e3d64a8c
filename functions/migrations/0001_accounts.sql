-- Accounts and sign-in: members, their founder or advisor record, one-time codes,
-- the development mailbox, a first cut of the feed (for demo data) and app metadata.
-- Ids are 24-character lowercase hex strings; times are ISO 8601 text in UTC.

CREATE TABLE users (
  id TEXT PRIMARY KEY NOT NULL,
  email TEXT NOT NULL UNIQUE,                -- stored trimmed and lowercased
  password_hash TEXT NOT NULL,               -- scrypt$N$r$p$salt$hash
  first_name TEXT NOT NULL,
  last_name TEXT NOT NULL,
  member_type TEXT NOT NULL CHECK (member_type IN ('founder', 'advisor')),
  user_role TEXT NOT NULL DEFAULT 'member' CHECK (user_role IN ('member', 'admin')),
  role_type TEXT NOT NULL DEFAULT 'free' CHECK (role_type IN ('free', 'premium')),
  onboarded INTEGER NOT NULL DEFAULT 0 CHECK (onboarded IN (0, 1)),
  email_verified INTEGER NOT NULL DEFAULT 0 CHECK (email_verified IN (0, 1)),
  phone TEXT,
  token_version INTEGER NOT NULL DEFAULT 0,  -- bumped to sign out every session
  created_at TEXT NOT NULL,
  updated_at TEXT NOT NULL
);

CREATE TABLE founders (
  id TEXT PRIMARY KEY NOT NULL,
  user_id TEXT NOT NULL UNIQUE REFERENCES users (id) ON DELETE CASCADE,
  first_name TEXT NOT NULL,
  last_name TEXT NOT NULL,
  tagline TEXT,
  slug TEXT NOT NULL UNIQUE,
  profile_picture_url TEXT,
  profile_banner_url TEXT,
  premium INTEGER NOT NULL DEFAULT 0 CHECK (premium IN (0, 1)),
  created_at TEXT NOT NULL,
  updated_at TEXT NOT NULL
);

CREATE TABLE advisors (
  id TEXT PRIMARY KEY NOT NULL,
  user_id TEXT NOT NULL UNIQUE REFERENCES users (id) ON DELETE CASCADE,
  name TEXT NOT NULL,
  position TEXT,
  slug TEXT NOT NULL UNIQUE,
  profile_picture_url TEXT,
  profile_banner_url TEXT,
  created_at TEXT NOT NULL,
  updated_at TEXT NOT NULL
);

CREATE TABLE auth_codes (
  id TEXT PRIMARY KEY NOT NULL,
  user_id TEXT NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  purpose TEXT NOT NULL CHECK (purpose IN ('verify-email', 'reset-password')),
  code_hash TEXT NOT NULL,                   -- SHA-256 hex of the code; the code itself is never stored
  expires_at TEXT NOT NULL,
  used_at TEXT,
  created_at TEXT NOT NULL
);
CREATE INDEX auth_codes_purpose_hash ON auth_codes (purpose, code_hash);
CREATE INDEX auth_codes_user_purpose ON auth_codes (user_id, purpose);

CREATE TABLE dev_mail (
  id TEXT PRIMARY KEY NOT NULL,
  to_address TEXT NOT NULL,
  subject TEXT NOT NULL,
  text TEXT NOT NULL,
  html TEXT NOT NULL,
  created_at TEXT NOT NULL
);
CREATE INDEX dev_mail_to_address ON dev_mail (to_address);

CREATE TABLE feed_posts (
  id TEXT PRIMARY KEY NOT NULL,
  slug TEXT NOT NULL UNIQUE,
  author_user_id TEXT NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  text TEXT NOT NULL,
  group_name TEXT,
  is_pinned INTEGER NOT NULL DEFAULT 0 CHECK (is_pinned IN (0, 1)),
  created_at TEXT NOT NULL,
  updated_at TEXT NOT NULL
);

CREATE TABLE app_meta (
  key TEXT PRIMARY KEY NOT NULL,
  value TEXT NOT NULL
);
