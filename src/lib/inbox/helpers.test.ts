import { describe, expect, it, vi } from 'vitest';
import { clockTime, dayKey, dayLabel, groupByDay } from './days';
import { card, message, thread } from './fixtures';
import { ATTACHMENT_MAX_BYTES, attachmentKind, checkAttachments, formatSize } from './files';
import { sessionStub } from '../api/session-stub';
import { attachmentHref, inboxAddress, isApiId } from './paths';
import { readThread, readThreads } from './reads';
import { draftIsEmpty, messageForm, pendingMessage, quoteSummary } from './pending';
import { messageSummary, oneLine, threadPreview } from './preview';
import { playPopAlert, POP_ALERT_DELAY_MS, POP_ALERT_URL } from './sound';

const at = (iso: string) => ({ createdAt: iso });

describe('groupByDay', () => {
  const now = Date.parse('2026-03-10T15:00:00Z');

  it('groups consecutive messages by calendar day with readable headings', () => {
    const groups = groupByDay(
      [at('2026-03-01T10:00:00Z'), at('2026-03-08T10:00:00Z'), at('2026-03-09T09:00:00Z'), at('2026-03-10T08:00:00Z'), at('2026-03-10T14:00:00Z')],
      now,
      'UTC',
    );
    expect(groups.map((g) => [g.key, g.label, g.items.length])).toEqual([
      ['2026-03-01', 'Mar 1', 1],
      ['2026-03-08', 'Sunday', 1],
      ['2026-03-09', 'Yesterday', 1],
      ['2026-03-10', 'Today', 2],
    ]);
  });

  it('uses the time zone given (late evening UTC is the next day in Tokyo)', () => {
    expect(dayKey(Date.parse('2026-03-09T20:00:00Z'), 'Asia/Tokyo')).toBe('2026-03-10');
    expect(groupByDay([at('2026-03-09T20:00:00Z')], Date.parse('2026-03-10T10:00:00Z'), 'Asia/Tokyo')[0]!.label).toBe('Today');
    expect(groupByDay([at('2026-03-09T20:00:00Z')], now, 'Asia/Tokyo')[0]!.label).toBe('Yesterday');
  });

  it('names the year of another year', () => {
    expect(dayLabel('2024-12-31', now, 'UTC')).toBe('Dec 31, 2024');
  });

  it('keeps an unreadable time with the previous day', () => {
    expect(groupByDay([at('2026-03-10T08:00:00Z'), at('nonsense')], now, 'UTC')).toHaveLength(1);
  });

  it('formats clock times', () => {
    expect(clockTime('2026-03-10T14:05:00Z', 'UTC')).toBe('2:05 PM');
    expect(clockTime('nope', 'UTC')).toBe('');
  });
});

describe('previews', () => {
  it('says "You: " for own messages, and reads attachments and deletions', () => {
    const own = thread('t', 'a', 'b', message('m', 'a', 'b', 1, { body: 'Hello\n  there' }));
    expect(threadPreview(own, 'a')).toBe('You: Hello there');
    expect(threadPreview(own, 'b')).toBe('Hello there');
    const file = { _id: 'f', url: '/x', name: 'x.png', mime: 'image/png', size: 1, width: 1, height: 1 };
    expect(messageSummary({ body: '', deleted: false, mediaFiles: [file] })).toBe('Sent an attachment');
    expect(messageSummary({ body: '', deleted: false, mediaFiles: [file, file] })).toBe('Sent 2 attachments');
    expect(messageSummary({ body: 'x', deleted: true, mediaFiles: [] })).toBe('This message was deleted');
    expect(threadPreview(thread('t', 'a', 'b', null), 'a')).toBe('');
  });

  it('cuts long text to one line with an ellipsis', () => {
    expect(oneLine('a'.repeat(200), 10)).toBe(`${'a'.repeat(9)}…`);
  });
});

describe('attachment checks', () => {
  const file = (name: string, size: number, type: string) => ({ name, size, type });

  it('accepts images, PDFs and videos up to the limit and room left', () => {
    const { accepted, errors } = checkAttachments(3, [file('a.png', 10, 'image/png'), file('b.pdf', 10, 'application/pdf'), file('c.mp4', 10, 'video/mp4')]);
    expect(accepted.map((f) => f.name)).toEqual(['a.png', 'b.pdf']);
    expect(errors).toEqual(['c.mp4 was not added: a message carries up to 5 files.']);
  });

  it('refuses big, empty and unknown files before any upload', () => {
    const { accepted, errors } = checkAttachments(0, [
      file('big.png', ATTACHMENT_MAX_BYTES + 1, 'image/png'),
      file('e.png', 0, 'image/png'),
      file('x.exe', 10, 'application/x-msdownload'),
    ]);
    expect(accepted).toEqual([]);
    expect(errors).toEqual(['big.png is 10 MB: files can be up to 10 MB.', 'e.png is empty.', 'x.exe: attach images, PDFs or MP4/WebM videos.']);
  });

  it('formats sizes and kinds', () => {
    expect([formatSize(12), formatSize(2048), formatSize(1.5 * 1024 * 1024)]).toEqual(['12 bytes', '2 KB', '1.5 MB']);
    expect([attachmentKind('image/png'), attachmentKind('video/webm'), attachmentKind('application/pdf')]).toEqual(['image', 'video', 'file']);
  });
});

describe('paths', () => {
  it('reads threads and messages at their API paths', async () => {
    const { api, session } = sessionStub();
    session.mockResolvedValue({});
    await readThreads(api, 2, 'unread');
    await readThread(api, 'abc', { before: 'm1', limit: 1 });
    await readThread(api, 'abc');
    expect(session.mock.calls.map(([path]) => path)).toEqual(['connections?limit=20&page=2&msgStatus=unread', 'connections/abc?limit=1&before=m1', 'connections/abc?limit=30']);
  });

  it('builds the addresses', () => {
    expect(attachmentHref({ url: '/connections/attachments/f1' })).toBe('/api/session/connections/attachments/f1');
    expect(inboxAddress('0123456789abcdef01234567')).toBe('/inbox?personalInbox=0123456789abcdef01234567');
    expect(inboxAddress(null)).toBe('/inbox');
    expect(inboxAddress(null, 'unread')).toBe('/inbox?filter=unread');
    expect(inboxAddress('0123456789abcdef01234567', 'unread')).toBe('/inbox?filter=unread&personalInbox=0123456789abcdef01234567');
    expect(isApiId('0123456789abcdef01234567')).toBe(true);
    expect(isApiId('../x')).toBe(false);
  });
});

describe('pending message and form', () => {
  const reply = message('m1', 'b', 'a', 1, { body: '', mediaFiles: [{ _id: 'f', url: '/x', name: 'x.png', mime: 'image/png', size: 1, width: 1, height: 1 }] });
  const draft = { body: '  Hi there  ', attachments: [{ _id: 'up1', url: '/u', name: 'u.png', mime: 'image/png', size: 3, width: 1, height: 1 }], replyTo: reply };

  it('shows the draft at once, quoting the message answered', () => {
    const pending = pendingMessage('pending-1', draft, { threadId: 't1', to: 'b', author: card('a'), now: '2026-03-10T00:00:00.000Z' });
    expect(pending).toMatchObject({ _id: 'pending-1', body: 'Hi there', pending: 'sending', to: 'b', connection: 't1' });
    expect(quoteSummary(pending.replyTo!)).toBe('Sent an attachment');
  });

  it('sends body, to, connectionId, replyTo and the uploaded ids', () => {
    const form = messageForm(draft, { threadId: 't1', to: 'b' });
    expect([form.get('body'), form.get('to'), form.get('connectionId'), form.get('replyTo'), form.getAll('mediaFiles')]).toEqual(['Hi there', 'b', 't1', 'm1', ['up1']]);
    expect(draftIsEmpty({ body: '  ', attachments: [] })).toBe(true);
    expect(draftIsEmpty({ body: '', attachments: draft.attachments })).toBe(false);
  });
});

describe('playPopAlert', () => {
  it('plays pop-alert one second later', () => {
    const played: string[] = [];
    let delay = 0;
    playPopAlert(
      (url) => ({ play: () => void played.push(url) }),
      (run, ms) => {
        delay = ms;
        run();
      },
    );
    expect(played).toEqual([POP_ALERT_URL]);
    expect(delay).toBe(POP_ALERT_DELAY_MS);
  });

  it('only logs a refused playback', async () => {
    const error = vi.spyOn(console, 'error').mockImplementation(() => {});
    playPopAlert(
      () => ({ play: () => Promise.reject(new Error('NotAllowedError')) }),
      (run) => run(),
    );
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(error).toHaveBeenCalledWith('inbox: the new message sound could not play', expect.any(Error));
    error.mockRestore();
  });
});
