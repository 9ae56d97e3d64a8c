import { describe, expect, it } from 'vitest';
import { message } from './fixtures';
import { markDeleted, markReadFor, mergeMessages, oldestStoredId, pendingMatching, settlePending, withPendingState } from './messages';

describe('mergeMessages', () => {
  it('keeps time order and each message once, the stored copy winning', () => {
    const merged = mergeMessages([message('m2', 'a', 'b', 2), message('m3', 'a', 'b', 3)], [message('m1', 'b', 'a', 1), { ...message('m3', 'a', 'b', 3), read: true }]);
    expect(merged.map((m) => m._id)).toEqual(['m1', 'm2', 'm3']);
    expect(merged[2]!.read).toBe(true);
  });

  it('keeps messages on their way last', () => {
    const sending = { ...message('pending-1', 'a', 'b', 1), pending: 'sending' as const };
    const merged = mergeMessages([message('m1', 'a', 'b', 1), sending], [message('m5', 'b', 'a', 5)]);
    expect(merged.map((m) => m._id)).toEqual(['m1', 'm5', 'pending-1']);
  });
});

describe('pending messages', () => {
  const sending = { ...message('pending-1', 'a', 'b', 9), pending: 'sending' as const };

  it('are replaced by the stored message', () => {
    const settled = settlePending([message('m1', 'a', 'b', 1), sending], 'pending-1', message('m9', 'a', 'b', 9));
    expect(settled.map((m) => [m._id, m.pending])).toEqual([
      ['m1', undefined],
      ['m9', undefined],
    ]);
  });

  it('do not repeat a stored message that already arrived live', () => {
    const stored = message('m9', 'a', 'b', 9);
    expect(settlePending([stored, sending], 'pending-1', stored).map((m) => m._id)).toEqual(['m9']);
  });

  it('fail with a reason, and go back to sending on retry', () => {
    const failed = withPendingState([sending], 'pending-1', 'failed', 'Offline');
    expect(failed[0]).toMatchObject({ pending: 'failed', error: 'Offline' });
    expect(withPendingState(failed, 'pending-1', 'sending')[0]).toMatchObject({ pending: 'sending', error: undefined });
  });

  it('are skipped when finding the oldest stored message', () => {
    expect(oldestStoredId([sending])).toBeNull();
    expect(oldestStoredId([message('m1', 'a', 'b', 1), sending])).toBe('m1');
  });
});

describe('markDeleted', () => {
  it('empties the message and the quotes of it', () => {
    const quoted = message('m1', 'a', 'b', 1, { mediaFiles: [{ _id: 'f', url: '/x', name: 'x.png', mime: 'image/png', size: 1, width: 1, height: 1 }] });
    const reply = message('m2', 'b', 'a', 2, { replyTo: { _id: 'm1', body: 'text m1', authorId: 'a', authorName: 'A', deleted: false, attachmentCount: 1 } });
    const [gone, answer] = markDeleted([quoted, reply], 'm1');
    expect(gone).toMatchObject({ body: '', deleted: true, mediaFiles: [] });
    expect(answer!.replyTo).toMatchObject({ body: '', deleted: true, attachmentCount: 0 });
    expect(answer!.body).toBe('text m2');
  });
});

describe('markReadFor', () => {
  it("marks only the viewer's incoming messages read", () => {
    const result = markReadFor([message('m1', 'b', 'a', 1), message('m2', 'a', 'b', 2)], 'a');
    expect(result.map((m) => m.read)).toEqual([true, false]);
  });
});

describe('pendingMatching', () => {
  it('finds the stand-in a stored own message is the copy of', () => {
    const sending = { ...message('pending-1', 'a', 'b', 9, { body: 'Hi' }), pending: 'sending' as const };
    expect(pendingMatching([sending], message('m9', 'a', 'b', 9, { body: 'Hi' }))?._id).toBe('pending-1');
    expect(pendingMatching([sending], message('m9', 'a', 'b', 9, { body: 'Other' }))).toBeNull();
    expect(pendingMatching([{ ...sending, pending: 'failed' }], message('m9', 'a', 'b', 9, { body: 'Hi' }))).toBeNull();
  });
});
