-- Wrong guesses against a code: a six-digit verification code signs a member in, so each
-- code dies (used_at is set) after a few wrong guesses (auth/code-store.ts, attemptCode).
ALTER TABLE auth_codes ADD COLUMN failed_attempts INTEGER NOT NULL DEFAULT 0;
