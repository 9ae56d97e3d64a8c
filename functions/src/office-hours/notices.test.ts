import { afterEach, describe, expect, it } from 'vitest';
import { bodyOf, get, mailTo, post } from '../../test/api';
import { closeLiveSockets, joinedLiveSocket } from '../../test/live';
import { booked, guest, hostWith, invitesTo, noticesOf, openStarts, preferSessions } from './test-support';

afterEach(closeLiveSockets);

const eventOf = (frame: string) => JSON.parse(frame.slice(2)) as [string, { booking: { _id: string; status: string } }];

describe('a session’s notices', { timeout: 30_000 }, () => {
  it('tell the host of an auto-accepted booking and send both sides the invitation, live to both tabs', async () => {
    const host = await hostWith();
    const ada = await guest();
    const [hostTab, adaTab] = await Promise.all([joinedLiveSocket(host), joinedLiveSocket(ada)]);
    const [start] = await openStarts(host, ada);
    const session = await booked(host, ada, start!);

    for (const tab of [hostTab, adaTab]) {
      const [name, body] = eventOf(await tab.next((frame) => frame.startsWith('42["session"')));
      expect(name).toBe('session');
      expect(body.booking).toEqual(expect.objectContaining({ _id: session._id, status: 'confirmed', start }));
    }
    const [notice] = await noticesOf(host);
    expect(notice).toEqual(expect.objectContaining({ kind: 'session.booked', title: 'Ada Guest booked a session', link: '/sessions' }));
    expect(await noticesOf(ada)).toEqual([]);

    const [hostInvite, adaInvite] = [(await invitesTo(host))[0]!, (await invitesTo(ada))[0]!];
    for (const invite of [hostInvite, adaInvite]) {
      expect(invite.file).toEqual(expect.objectContaining({ filename: 'invite.ics', contentType: 'text/calendar; charset=UTF-8; method=REQUEST' }));
      expect(invite.calendar).toEqual(expect.objectContaining({ method: 'REQUEST', sequence: 0, status: 'CONFIRMED', start }));
      expect(invite.mail.text).toContain('https://calendar.google.com/calendar/render?action=TEMPLATE');
      expect(invite.mail.text).toContain('https://outlook.live.com/calendar/0/deeplink/compose?');
      expect(invite.mail.text).toContain('Join: https://meet.example/advice');
    }
    expect(hostInvite.calendar.uid).toBe(adaInvite.calendar.uid);
    expect(hostInvite.mail.subject).toBe('Invitation: Fundraising with Ada Guest');
    // Each side reads the time in their own zone: the guest booked from Berlin, the host keeps Kolkata's.
    expect(adaInvite.mail.text).toContain('(Europe/Berlin)');
    expect(hostInvite.mail.text).toContain('(Asia/Kolkata)');
  });

  it('ask the host to answer a request, then invite both sides on approval and tell the guest', async () => {
    const host = await hostWith({ needsApproval: true });
    const ada = await guest();
    const [start] = await openStarts(host, ada);
    const session = await booked(host, ada, start!);
    expect((await noticesOf(host))[0]).toEqual(expect.objectContaining({ kind: 'session.requested', title: 'Ada Guest asks for a session', link: '/sessions' }));
    expect(await invitesTo(host)).toEqual([]);
    expect(await invitesTo(ada)).toEqual([]);

    const adaTab = await joinedLiveSocket(ada);
    expect((await post(`/office-hours/sessions/${session._id}/approve`, undefined, { token: host.jwt })).status).toBe(200);
    expect(eventOf(await adaTab.next((frame) => frame.startsWith('42["session"')))[1].booking.status).toBe('confirmed');
    expect((await noticesOf(ada))[0]).toEqual(expect.objectContaining({ kind: 'session.confirmed', title: 'Hana Host confirmed your session' }));
    for (const member of [host, ada]) expect((await invitesTo(member)).map((invite) => [invite.calendar.method, invite.calendar.sequence])).toEqual([['REQUEST', 1]]);
  });

  it('tell the guest of a declined request, with no invitation', async () => {
    const host = await hostWith({ needsApproval: true });
    const ada = await guest();
    const [start] = await openStarts(host, ada);
    const session = await booked(host, ada, start!);
    expect((await post(`/office-hours/sessions/${session._id}/decline`, undefined, { token: host.jwt })).status).toBe(200);
    expect((await noticesOf(ada))[0]).toEqual(expect.objectContaining({ kind: 'session.declined', link: '/sessions' }));
    expect(await invitesTo(ada)).toEqual([]);
  });

  it('cancel a confirmed session in both calendars: METHOD:CANCEL, the same UID, the next SEQUENCE', async () => {
    const host = await hostWith();
    const ada = await guest();
    // Hours ahead, past the cut-off.
    const start = (await openStarts(host, ada))[6];
    const session = await booked(host, ada, start!);
    const hostTab = await joinedLiveSocket(host);
    expect((await post(`/office-hours/sessions/${session._id}/cancel`, { reason: 'Sick today' }, { token: ada.jwt })).status).toBe(200);
    expect(eventOf(await hostTab.next((frame) => frame.startsWith('42["session"')))[1].booking.status).toBe('cancelled');
    expect((await noticesOf(host))[0]).toEqual(expect.objectContaining({ kind: 'session.cancelled', title: 'Ada Guest cancelled your session' }));
    expect((await noticesOf(host))[0]!.body).toContain('Reason: Sick today');
    for (const member of [host, ada]) {
      const [cancel, invite] = await invitesTo(member);
      expect(cancel!.file).toEqual(expect.objectContaining({ filename: 'cancel.ics', contentType: 'text/calendar; charset=UTF-8; method=CANCEL' }));
      expect(cancel!.calendar).toEqual(expect.objectContaining({ method: 'CANCEL', status: 'CANCELLED', sequence: 1, uid: invite!.calendar.uid }));
      expect(cancel!.mail.subject).toMatch(/^Cancelled: Fundraising with /);
    }
  });

  it('mail a notice only to members who chose email for sessions; invitations reach every side, even with sessions off', async () => {
    const host = await hostWith({ needsApproval: true });
    const [ada, ben] = [await guest('Ada'), await guest('Ben')];
    await preferSessions(host, 'email');
    await preferSessions(ada, 'off');
    const [first, second] = await openStarts(host, ada);
    const request = await booked(host, ada, first!);
    const requestMails = (await mailTo(host.user.email)).filter((mail) => mail.subject === 'Ada Guest asks for a session');
    expect(requestMails).toHaveLength(1);
    expect(requestMails[0]!.text).toContain('/sessions');

    await preferSessions(host, 'push');
    await booked(host, ben, second!);
    expect((await mailTo(host.user.email)).filter((mail) => mail.subject === 'Ben Guest asks for a session')).toEqual([]);
    expect((await noticesOf(host)).map((notice) => notice.kind)).toEqual(['session.requested', 'session.requested']);

    expect((await post(`/office-hours/sessions/${request._id}/approve`, undefined, { token: host.jwt })).status).toBe(200);
    // Off: no notice mail for Ada, but the calendar invitation she asked for when booking.
    expect((await invitesTo(ada)).map((invite) => invite.calendar.method)).toEqual(['REQUEST']);
    expect((await mailTo(ada.user.email)).filter((mail) => mail.attachments.length === 0)).toEqual([]);
  });

  it('escape member text in the mails', async () => {
    const host = await hostWith();
    const ada = await guest();
    await preferSessions(host, 'email');
    const [start] = await openStarts(host, ada);
    const response = await post(
      `/office-hours/${host.user.id}/sessions`,
      { start, length: 60, topic: '<img src=x onerror=alert(1)>', agenda: '', timeZone: 'Europe/Berlin' },
      { token: ada.jwt },
    );
    expect(response.status).toBe(201);
    const [invite] = await invitesTo(ada);
    expect(invite!.mail.html).not.toContain('<img src=x');
    expect(invite!.mail.html).toContain('&#60;img src=x');
  });
});

describe('the development mailbox', () => {
  it('lists each mail’s attachments and answers a missing one with 404', async () => {
    const host = await hostWith();
    const ada = await guest();
    const [start] = await openStarts(host, ada);
    await booked(host, ada, start!);
    const [mail] = (await mailTo(ada.user.email)).filter((item) => item.attachments.length > 0);
    expect(mail!.attachments).toEqual([{ index: 0, filename: 'invite.ics', contentType: 'text/calendar; charset=UTF-8; method=REQUEST', size: expect.any(Number) }]);
    const file = await get(`/dev/mailbox/${mail!._id}/attachments/0`);
    expect(file.headers.get('content-disposition')).toBe('attachment; filename="invite.ics"');
    expect(new TextEncoder().encode(await file.text()).length).toBe(mail!.attachments[0]!.size);
    expect((await get(`/dev/mailbox/${mail!._id}/attachments/1`)).status).toBe(404);
    expect((await get(`/dev/mailbox/nothing-here/attachments/0`)).status).toBe(404);
    expect((await bodyOf(await get(`/dev/mailbox/${mail!._id}/attachments/x`))).data.fields).toHaveProperty('index');
  });
});
