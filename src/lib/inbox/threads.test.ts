import { describe, expect, it } from 'vitest';
import { message, thread } from './fixtures';
import { appendNew } from '../lists';
import { applyIncoming, latestWasRead, listAfterThreadUpdate, markThreadRead, mergeInPlace, placeOnTop, shouldPlaySound } from './threads';

const ME = 'a';

describe('thread list', () => {
  const t1 = thread('t1', ME, 'b', message('m1', 'b', ME, 1));
  const t2 = thread('t2', ME, 'c', message('m2', 'c', ME, 2));
  const t3 = thread('t3', ME, 'd', message('m3', 'd', ME, 3));

  it('appends a page without repeating threads already listed', () => {
    expect(appendNew([t1, t2], [t2, t3]).map((t) => t._id)).toEqual(['t1', 't2', 't3']);
  });

  it('places a thread on top, removing its old entry', () => {
    expect(placeOnTop([t1, t2, t3], { ...t3, unreadCount: 4 }).map((t) => [t._id, t.unreadCount])).toEqual([
      ['t3', 4],
      ['t1', 1],
      ['t2', 1],
    ]);
  });

  it("places a live update of the member's own side: merged when deleting or unchanged, on top when new, unlisted left out", () => {
    const ids = (list: ReturnType<typeof listAfterThreadUpdate>) => list.map((t) => t._id);
    const newer = thread('t3', ME, 'd', message('m9', ME, 'd', 9));
    expect(ids(listAfterThreadUpdate([t1, t2, t3], newer, { removal: false, listsAll: false }))).toEqual(['t3', 't1', 't2']);
    expect(ids(listAfterThreadUpdate([t1, t2, t3], { ...t3, unreadCount: 0 }, { removal: false, listsAll: false }))).toEqual(['t1', 't2', 't3']);
    expect(ids(listAfterThreadUpdate([t1, t2, t3], newer, { removal: true, listsAll: true }))).toEqual(['t1', 't2', 't3']);
    const unlisted = thread('t4', ME, 'e', message('m8', ME, 'e', 8));
    expect(ids(listAfterThreadUpdate([t1], unlisted, { removal: false, listsAll: false }))).toEqual(['t1']);
    expect(ids(listAfterThreadUpdate([t1], unlisted, { removal: false, listsAll: true }))).toEqual(['t4', 't1']);
  });

  it('merges in place and ignores unknown threads', () => {
    expect(mergeInPlace([t1, t2], { ...t2, canWrite: false }).map((t) => t.canWrite)).toEqual([true, false]);
    expect(mergeInPlace([t1], t3)).toEqual([t1]);
  });
});

describe('docs/product.md#messages: an incoming new message', () => {
  it('a thread new to the list goes on top, plays the sound and raises the count', () => {
    const old = thread('t1', ME, 'b', message('m1', 'b', ME, 1, { read: true }));
    const incoming = thread('t9', ME, 'z', message('m9', 'z', ME, 9), { unreadCount: 1 });
    const result = applyIncoming([old], incoming, ME);
    expect(result.users.map((t) => t._id)).toEqual(['t9', 't1']);
    expect(result.playSound).toBe(true);
    expect(result.raiseBy).toBe(1);
  });

  it('an entry whose latest message was read plays the sound; it is merged and moved up', () => {
    const read = thread('t1', ME, 'b', message('m1', 'b', ME, 1, { read: true }));
    const other = thread('t2', ME, 'c', message('m2', 'c', ME, 2));
    const incoming = thread('t1', ME, 'b', message('m3', 'b', ME, 3), { unreadCount: 1 });
    const result = applyIncoming([other, read], incoming, ME);
    expect(result.users.map((t) => [t._id, t.latestMessage?._id])).toEqual([
      ['t1', 'm3'],
      ['t2', 'm2'],
    ]);
    expect(result).toMatchObject({ playSound: true, raiseBy: 1 });
  });

  it('an entry already unread stays quiet; the count follows its unread messages', () => {
    const unread = thread('t1', ME, 'b', message('m1', 'b', ME, 1), { unreadCount: 2 });
    const incoming = thread('t1', ME, 'b', message('m3', 'b', ME, 3), { unreadCount: 3 });
    expect(applyIncoming([unread], incoming, ME)).toMatchObject({ playSound: false, raiseBy: 1 });
    expect(applyIncoming([unread], { ...incoming, unreadCount: 2 }, ME)).toMatchObject({ playSound: false, raiseBy: 0 });
  });

  it("the viewer's own latest message counts as read (nothing waited for the viewer)", () => {
    const own = thread('t1', ME, 'b', message('m1', ME, 'b', 1, { read: false }));
    expect(latestWasRead(own, ME)).toBe(true);
    expect(latestWasRead(own, 'someone-else')).toBe(false);
    expect(shouldPlaySound(own, ME)).toBe(true);
    expect(shouldPlaySound(undefined, ME)).toBe(true);
    expect(shouldPlaySound(thread('t2', ME, 'b', null), ME)).toBe(true);
  });

  it('the count rises by at least one when the sound plays', () => {
    const incoming = thread('t9', ME, 'z', message('m9', 'z', ME, 9), { unreadCount: 0 });
    expect(applyIncoming([], incoming, ME).raiseBy).toBe(1);
  });
});

describe('markThreadRead', () => {
  it('clears the unread count and marks a latest message to the viewer read', () => {
    const unread = thread('t1', ME, 'b', message('m1', 'b', ME, 1), { unreadCount: 3 });
    const read = markThreadRead(unread, ME);
    expect(read.unreadCount).toBe(0);
    expect(read.latestMessage?.read).toBe(true);
  });

  it("keeps the read flag of the viewer's own latest message (it is the other member's to read)", () => {
    const own = thread('t1', ME, 'b', message('m1', ME, 'b', 1));
    expect(markThreadRead(own, ME).latestMessage?.read).toBe(false);
  });
});
