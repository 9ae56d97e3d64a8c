import { describe, expect, test } from 'vitest';
import { sessionStub } from '../api/session-stub';
import { AppError } from '../errors';
import { toForm } from './hours-form';
import { saveHours } from './save-hours';
import type { OfficeHours } from './types';

const HOURS: OfficeHours = {
  published: true,
  timeZone: 'Europe/Berlin',
  weeklyHours: [{ weekday: 1, start: '09:00', end: '12:00' }],
  sessionLengths: [30],
  bufferBefore: 0,
  bufferAfter: 10,
  minimumNotice: 240,
  weeklyCap: 5,
  daysOff: [],
  topics: [],
  meetingLink: null,
  needsApproval: false,
  videoRoom: false,
  suggestedTimeZone: 'Europe/Berlin',
  updatedAt: null,
};

describe('saving office hours', () => {
  test('sends the whole rules and answers them as saved', async () => {
    const { api, session } = sessionStub();
    session.mockResolvedValueOnce(HOURS);
    const outcome = await saveHours(toForm(HOURS), ['Europe/Berlin'], api);
    expect(outcome).toEqual({ saved: true, form: toForm(HOURS) });
    expect(session).toHaveBeenCalledWith('office-hours', { method: 'PUT', body: expect.objectContaining({ weeklyCap: 5, weeklyHours: HOURS.weeklyHours }) });
  });

  test('sends nothing when the browser already sees a problem', async () => {
    const { api, session } = sessionStub();
    const outcome = await saveHours({ ...toForm(HOURS), meetingLink: 'javascript:alert(1)' }, ['Europe/Berlin'], api);
    expect(outcome.saved).toBe(false);
    expect(session).not.toHaveBeenCalled();
  });

  test('shows the server’s refusal at its field', async () => {
    const { api, session } = sessionStub();
    session.mockRejectedValueOnce(new AppError('Validation failed.', 400, { fields: { 'weeklyHours.0.end': 'must end after it starts' } }));
    expect(await saveHours(toForm(HOURS), ['Europe/Berlin'], api)).toEqual({ saved: false, message: 'Validation failed.', errors: { 'week.0.0': 'must end after it starts' } });
  });
});
