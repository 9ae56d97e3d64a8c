import { describe, expect, test } from 'vitest';
import { sessionStub } from '../api/session-stub';
import { AppError } from '../errors';
import { bookSlot, loadSlots } from './booking';

const INPUT = { start: '2026-03-02T16:00:00.000Z', length: 30, topic: 'Fundraising', agenda: 'Seed round', timeZone: 'America/New_York' };

describe('booking from the browser', () => {
  test('asks the host’s slots of a length for three weeks', async () => {
    const { api, session } = sessionStub();
    session.mockResolvedValueOnce({ slots: [] });
    await loadSlots('host1', 60, api);
    expect(session).toHaveBeenCalledWith('office-hours/host1/slots?days=21&length=60');
  });

  test('books a slot with its topic, agenda and the guest’s zone', async () => {
    const { api, session } = sessionStub();
    session.mockResolvedValueOnce({ _id: 'b1', status: 'requested' });
    expect(await bookSlot('host1', INPUT, api)).toEqual({ booked: true, booking: { _id: 'b1', status: 'requested' } });
    expect(session).toHaveBeenCalledWith('office-hours/host1/sessions', { method: 'POST', body: INPUT });
  });

  test('tells a slot taken meanwhile apart from another refusal', async () => {
    const { api, session } = sessionStub();
    session.mockRejectedValueOnce(new AppError('That time is no longer open. Pick another.', 409, { fields: { start: 'is no longer open' } }));
    expect(await bookSlot('host1', INPUT, api)).toMatchObject({ booked: false, slotGone: true, message: 'That time is no longer open. Pick another.' });
    session.mockRejectedValueOnce(new AppError('You can hold 3 upcoming sessions at a time', 409, { limit: 3 }));
    expect(await bookSlot('host1', INPUT, api)).toMatchObject({ booked: false, slotGone: false });
  });
});
