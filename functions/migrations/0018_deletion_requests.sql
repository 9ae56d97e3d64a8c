-- Account deletion requests (docs/product.md#account-deletion): a member asks for deletion, may withdraw while it
-- is pending, an administrator approves (the deletion runs) or rejects with a note the member
-- sees, and a request nobody handled is carried out once due_at (created + 30 days) passes.
-- At most one pending request per member (the partial unique index). handled_by is null for
-- the scheduled run; the admin's name is copied so the row still reads after that account
-- is gone. Once the deletion is done, user_id points at the member's anonymous stand-in
-- ("Deleted member", docs/decisions.md), never at the erased id.

CREATE TABLE deletion_requests (
  id TEXT PRIMARY KEY,
  user_id TEXT NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  reason TEXT,
  status TEXT NOT NULL DEFAULT 'pending' CHECK (status IN ('pending', 'withdrawn', 'approved', 'rejected', 'completed')),
  created_at TEXT NOT NULL,
  due_at TEXT NOT NULL,
  handled_by TEXT REFERENCES users (id) ON DELETE SET NULL,
  handled_by_name TEXT,
  handled_at TEXT,
  admin_note TEXT,
  completed_at TEXT
);

CREATE UNIQUE INDEX deletion_requests_one_pending ON deletion_requests (user_id) WHERE status = 'pending';
CREATE INDEX deletion_requests_user_created ON deletion_requests (user_id, created_at);
CREATE INDEX deletion_requests_status_created ON deletion_requests (status, created_at);
CREATE INDEX deletion_requests_due ON deletion_requests (due_at) WHERE status IN ('pending', 'approved');
