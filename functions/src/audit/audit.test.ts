import { env } from 'cloudflare:workers';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { fixedClock } from '../clock';
import { runBatch } from '../db/batch';
import { db } from '../db/client';
import { newId } from '../db/ids';
import { auditEntry, listAudit } from './audit';

const admin = { id: newId(), firstName: 'Ada', lastName: 'Admin' };

describe('the admin audit log', () => {
  it('records an entry in the batch and lists it newest first, filtered', async () => {
    const database = db(env);
    const clock = fixedClock(new Date('2026-01-02T03:04:05.000Z'));
    const target = newId();
    await runBatch(database, [auditEntry(database, clock, { admin, action: 'member.warn', target: { type: 'member', id: target }, note: '  first  ' })]);
    clock.set(new Date('2026-01-02T03:05:00.000Z'));
    await runBatch(database, [auditEntry(database, clock, { admin, action: 'member.suspend', target: { type: 'member', id: target } })]);
    const rows = await listAudit(database, { targetId: target }, 10);
    expect(rows.map((row) => [row.action, row.note, row.adminName])).toEqual([
      ['member.suspend', null, 'Ada Admin'],
      ['member.warn', 'first', 'Ada Admin'],
    ]);
    expect(await listAudit(database, { targetId: target, action: 'member.warn' }, 10)).toHaveLength(1);
    const [newest] = rows;
    expect(await listAudit(database, { targetId: target }, 10, { createdAt: newest!.createdAt, id: newest!.id })).toHaveLength(1);
  });

  it('refuses to change or delete an entry, whatever asks', async () => {
    const target = newId();
    const database = db(env);
    await runBatch(database, [auditEntry(database, fixedClock(new Date()), { admin, action: 'report.dismiss', target: { type: 'report', id: target } })]);
    await expect(env.DB.prepare('UPDATE admin_audit SET note = ? WHERE target_id = ?').bind('changed', target).run()).rejects.toThrow(/cannot be changed/);
    await expect(env.DB.prepare('DELETE FROM admin_audit WHERE target_id = ?').bind(target).run()).rejects.toThrow(/cannot be deleted/);
    expect(await listAudit(database, { targetId: target }, 10)).toHaveLength(1);
  });

  it('leaves no entry when the batch it rides in fails', async () => {
    const target = newId();
    const database = db(env);
    await expect(
      runBatch(database, [
        auditEntry(database, fixedClock(new Date()), { admin, action: 'member.warn', target: { type: 'member', id: target } }),
        // A statement that fails: the whole batch, entry included, is rolled back.
        sql`INSERT INTO no_such_table VALUES (1)`,
      ]),
    ).rejects.toThrow();
    expect(await listAudit(database, { targetId: target }, 10)).toHaveLength(0);
  });
});
