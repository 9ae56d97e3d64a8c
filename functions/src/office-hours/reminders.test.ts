import { env } from 'cloudflare:workers';
import { describe, expect, it } from 'vitest';
import { mailTo, post } from '../../test/api';
import { buildDeps } from '../build-deps';
import { fixedClock } from '../clock';
import { sendSessionReminders } from './reminders';
import { booked, guest, hostWith, type Member, noticesOf, openStarts, preferSessions } from './test-support';

const HOUR = 3_600_000;
const MINUTE = 60_000;

/** The reminder job as the cron runs it, with the clock at `at`. */
const runAt = (at: number) => sendSessionReminders({ ...buildDeps(env), clock: fixedClock(new Date(at)) });

const remindersOf = async (member: Member) => (await noticesOf(member)).filter((notice) => notice.kind === 'session.reminder');

/** A confirmed session two to three days ahead (so its day reminder is due later, not at once). */
async function sessionInTwoDays(host: Member, who: Member) {
  const starts = await openStarts(host, who, 4);
  const start = starts.find((iso) => Date.parse(iso) > Date.now() + 50 * HOUR)!;
  return booked(host, who, start);
}

describe('session reminders', { timeout: 30_000 }, () => {
  it('go to both sides a day and an hour before, each once', async () => {
    const host = await hostWith();
    const ada = await guest();
    const session = await sessionInTwoDays(host, ada);
    const start = Date.parse(session.start);

    await runAt(start - 25 * HOUR);
    expect(await remindersOf(ada)).toEqual([]);

    await runAt(start - 23 * HOUR);
    await runAt(start - 23 * HOUR + 10 * MINUTE);
    for (const member of [host, ada]) {
      const reminders = await remindersOf(member);
      expect(reminders).toHaveLength(1);
      expect(reminders[0]).toEqual(expect.objectContaining({ link: '/sessions', title: `Your session with ${member === host ? 'Ada Guest' : 'Hana Host'} is within a day` }));
      expect(reminders[0]!.body).toContain('Join: https://meet.example/advice');
    }

    await runAt(start - 50 * MINUTE);
    await runAt(start - 40 * MINUTE);
    for (const member of [host, ada])
      expect((await remindersOf(member)).map((notice) => notice.title)).toEqual([expect.stringMatching(/starts within the hour$/), expect.stringMatching(/is within a day$/)]);
    await runAt(start + 5 * MINUTE);
    expect(await remindersOf(ada)).toHaveLength(2);
  });

  it('go out for no cancelled or declined session, nor for a request', async () => {
    const host = await hostWith();
    const ada = await guest();
    const session = await sessionInTwoDays(host, ada);
    expect((await post(`/office-hours/sessions/${session._id}/cancel`, { reason: 'Plans changed' }, { token: ada.jwt })).status).toBe(200);
    const asking = await hostWith({ needsApproval: true });
    const request = await sessionInTwoDays(asking, ada);
    await runAt(Date.parse(session.start) - 23 * HOUR);
    await runAt(Date.parse(request.start) - 23 * HOUR);
    await runAt(Date.parse(request.start) - 30 * MINUTE);
    expect(await remindersOf(ada)).toEqual([]);
    expect(await remindersOf(host)).toEqual([]);
  });

  it('follow a moved session to its new time', async () => {
    const host = await hostWith();
    const ada = await guest();
    const session = await sessionInTwoDays(host, ada);
    const oldStart = Date.parse(session.start);
    await runAt(oldStart - 23 * HOUR);
    expect(await remindersOf(ada)).toHaveLength(1);

    const later = new Date(oldStart + 3 * HOUR).toISOString();
    expect((await post(`/office-hours/sessions/${session._id}/reschedule`, { start: later }, { token: host.jwt })).status).toBe(200);
    // At the old time's hour no hour reminder: the new time's day reminder instead, then its hour reminder.
    await runAt(oldStart - 30 * MINUTE);
    const afterMove = await remindersOf(ada);
    expect(afterMove.map((notice) => notice.title)).toEqual([expect.stringMatching(/within a day$/), expect.stringMatching(/within a day$/)]);
    expect(afterMove[0]!.body).not.toBe(afterMove[1]!.body);
    await runAt(Date.parse(later) - 30 * MINUTE);
    expect((await remindersOf(ada)).map((notice) => notice.title)).toEqual([
      expect.stringMatching(/within the hour$/),
      expect.stringMatching(/within a day$/),
      expect.stringMatching(/within a day$/),
    ]);
  });

  it('follow each side’s preference: mail for email, nothing at all for off', async () => {
    const host = await hostWith();
    const ada = await guest();
    await preferSessions(host, 'email');
    await preferSessions(ada, 'off');
    const session = await sessionInTwoDays(host, ada);
    await runAt(Date.parse(session.start) - 23 * HOUR);
    expect(await remindersOf(ada)).toEqual([]);
    expect((await mailTo(ada.user.email)).filter((mail) => mail.subject.startsWith('Your session'))).toEqual([]);
    expect(await remindersOf(host)).toHaveLength(1);
    const [mail] = (await mailTo(host.user.email)).filter((item) => item.subject === 'Your session with Ada Guest is within a day');
    expect(mail!.text).toContain('/sessions');
  });

  it('give a session booked within the day only its hour reminder', async () => {
    const host = await hostWith();
    const ada = await guest();
    const starts = await openStarts(host, ada);
    const session = await booked(host, ada, starts.find((iso) => Date.parse(iso) > Date.now() + 5 * HOUR)!);
    await runAt(Date.parse(session.start) - 4 * HOUR);
    expect(await remindersOf(ada)).toEqual([]);
    await runAt(Date.parse(session.start) - 30 * MINUTE);
    expect((await remindersOf(ada)).map((notice) => notice.title)).toEqual(['Your session with Hana Host starts within the hour']);
  });
});
