-- The admin audit log: every action an administrator takes (who, what, target, when, note),
-- written in the same D1 batch as the action itself, so an action and its entry land
-- together or not at all. The admin's name is copied in, so the entry still reads after
-- that account is gone; no foreign key for the same reason. Entries are append-only: the
-- triggers refuse any UPDATE or DELETE, whatever code asks.

CREATE TABLE admin_audit (
  id TEXT PRIMARY KEY,
  admin_id TEXT NOT NULL,
  admin_name TEXT NOT NULL,
  action TEXT NOT NULL,
  target_type TEXT NOT NULL,
  target_id TEXT NOT NULL,
  note TEXT,
  created_at TEXT NOT NULL
);

CREATE INDEX admin_audit_created ON admin_audit (created_at);
CREATE INDEX admin_audit_admin_created ON admin_audit (admin_id, created_at);
CREATE INDEX admin_audit_action_created ON admin_audit (action, created_at);
CREATE INDEX admin_audit_target_created ON admin_audit (target_type, target_id, created_at);

CREATE TRIGGER admin_audit_no_update BEFORE UPDATE ON admin_audit
BEGIN
  SELECT RAISE(ABORT, 'admin audit entries cannot be changed');
END;

CREATE TRIGGER admin_audit_no_delete BEFORE DELETE ON admin_audit
BEGIN
  SELECT RAISE(ABORT, 'admin audit entries cannot be deleted');
END;
