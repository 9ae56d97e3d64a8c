import { describe, expect, test } from 'vitest';
import { checkForm, formErrorsOf, toForm, toInput, type HoursForm } from './hours-form';
import type { OfficeHours } from './types';

const SAVED: OfficeHours = {
  published: true,
  timeZone: 'Europe/Berlin',
  weeklyHours: [
    { weekday: 2, start: '14:00', end: '16:00' },
    { weekday: 2, start: '09:00', end: '12:00' },
    { weekday: 5, start: '10:00', end: '11:00' },
  ],
  sessionLengths: [30, 60],
  bufferBefore: 0,
  bufferAfter: 10,
  minimumNotice: 240,
  weeklyCap: null,
  daysOff: ['2026-12-24'],
  topics: ['Fundraising'],
  meetingLink: 'https://meet.example/helen',
  needsApproval: true,
  videoRoom: false,
  suggestedTimeZone: 'Europe/Berlin',
  updatedAt: null,
};
const ZONES = ['UTC', 'Europe/Berlin'];

describe('the availability form', () => {
  test('holds the weekly hours per weekday in order and sends them back whole', () => {
    const form = toForm(SAVED);
    expect(form.week[1]).toEqual([
      { start: '09:00', end: '12:00' },
      { start: '14:00', end: '16:00' },
    ]);
    expect(form.minimumNoticeHours).toBe('4');
    const { input, stretchKeys } = toInput(form);
    expect(input.weeklyHours).toEqual([
      { weekday: 2, start: '09:00', end: '12:00' },
      { weekday: 2, start: '14:00', end: '16:00' },
      { weekday: 5, start: '10:00', end: '11:00' },
    ]);
    expect(stretchKeys).toEqual(['week.1.0', 'week.1.1', 'week.4.0']);
    expect(input).toMatchObject({ minimumNotice: 240, weeklyCap: null, meetingLink: 'https://meet.example/helen' });
  });

  test('refuses an http meeting link, a stretch ending before it starts and publishing without hours', () => {
    const form: HoursForm = { ...toForm(SAVED), meetingLink: 'http://meet.example/x' };
    form.week[4] = [{ start: '11:00', end: '10:00' }];
    expect(checkForm(form, ZONES)).toEqual({ meetingLink: expect.stringContaining('https://'), 'week.4.0': 'Must end after it starts.' });
    const empty: HoursForm = { ...toForm(SAVED), week: [[], [], [], [], [], [], []] };
    expect(checkForm(empty, ZONES).weeklyHours).toBe('Add your weekly hours before you publish them.');
  });

  test('refuses a time zone that is not in the list and a cap that is not a whole number', () => {
    expect(checkForm({ ...toForm(SAVED), timeZone: 'Mars/Olympus', weeklyCap: '2.5' }, ZONES)).toEqual({
      timeZone: expect.any(String),
      weeklyCap: expect.any(String),
    });
  });

  test('puts the API’s refusals at the form’s fields', () => {
    expect(
      formErrorsOf({ 'weeklyHours.2.end': 'must end after it starts', meetingLink: 'must be an https:// address', 'topics.1': 'too long' }, ['week.1.0', 'week.1.1', 'week.4.0']),
    ).toEqual({
      'week.4.0': 'must end after it starts',
      meetingLink: 'must be an https:// address',
      topics: 'too long',
    });
  });
});

describe('the video room choice', () => {
  test('sends videoRoom without the own link, and keeps the own link out of the check', () => {
    const form: HoursForm = { ...toForm(SAVED), videoRoom: true, meetingLink: 'http://not-checked' };
    expect(checkForm(form, ZONES)).toEqual({});
    expect(toInput(form).input).toMatchObject({ videoRoom: true, meetingLink: null });
  });

  test('shows a saved room as the room, not as the own link', () => {
    const form = toForm({ ...SAVED, videoRoom: true, meetingLink: 'https://meet.jit.si/FounderMesh-abc' });
    expect(form).toMatchObject({ videoRoom: true, videoRoomLink: 'https://meet.jit.si/FounderMesh-abc', meetingLink: '' });
  });
});
