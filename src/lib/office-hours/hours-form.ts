/**
 * The availability form (/settings/office-hours) and the wire: office hours as the form
 * holds them (weekly stretches per weekday, text for numbers), back to PUT /office-hours's
 * body, and the checks the browser makes before sending (the API makes them again). Field
 * keys are the API's (`weeklyHours.3.end`, `meetingLink`), so its refusals land at the same fields.
 */
import { OFFICE_HOURS_LIMITS as L } from '@api/shared/office-hours-limits';
import type { OfficeHours, OfficeHoursInput } from './types';

export const WEEKDAYS = ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday', 'Sunday'] as const;

export interface Stretch {
  start: string;
  end: string;
}

export interface HoursForm {
  published: boolean;
  timeZone: string;
  /** Index 0 is Monday. */
  week: Stretch[][];
  sessionLengths: number[];
  bufferBefore: number;
  bufferAfter: number;
  /** Hours, as typed. */
  minimumNoticeHours: string;
  /** Empty: no cap. */
  weeklyCap: string;
  daysOff: string[];
  topics: string[];
  /** Your own https link (kept while the video room is chosen, sent only without it). */
  meetingLink: string;
  /** Sessions happen in a video room FounderMesh makes (the API then ignores `meetingLink`). */
  videoRoom: boolean;
  /** The generated room's address once saved (null: none yet). */
  videoRoomLink: string | null;
  needsApproval: boolean;
}

export type FieldErrors = Record<string, string>;

/** The form of saved office hours. */
export function toForm(hours: OfficeHours): HoursForm {
  const week: Stretch[][] = WEEKDAYS.map(() => []);
  for (const stretch of hours.weeklyHours) week[stretch.weekday - 1]?.push({ start: stretch.start, end: stretch.end });
  for (const day of week) day.sort((a, b) => a.start.localeCompare(b.start));
  return {
    published: hours.published,
    timeZone: hours.timeZone,
    week,
    sessionLengths: hours.sessionLengths,
    bufferBefore: hours.bufferBefore,
    bufferAfter: hours.bufferAfter,
    minimumNoticeHours: String(Math.round((hours.minimumNotice / 60) * 100) / 100),
    weeklyCap: hours.weeklyCap === null ? '' : String(hours.weeklyCap),
    daysOff: hours.daysOff,
    topics: hours.topics,
    meetingLink: hours.videoRoom ? '' : (hours.meetingLink ?? ''),
    videoRoom: hours.videoRoom,
    videoRoomLink: hours.videoRoom ? hours.meetingLink : null,
    needsApproval: hours.needsApproval,
  };
}

/** Where each weekly stretch of the body came from (its weekday index and place in the day), to put errors back. */
export function stretchKey(day: number, index: number): string {
  return `week.${day}.${index}`;
}

/** PUT /office-hours's body, and for each `weeklyHours.N` the form's stretch key. */
export function toInput(form: HoursForm): { input: OfficeHoursInput; stretchKeys: string[] } {
  const stretchKeys: string[] = [];
  const weeklyHours = form.week.flatMap((day, dayIndex) =>
    day.map((stretch, index) => {
      stretchKeys.push(stretchKey(dayIndex, index));
      return { weekday: dayIndex + 1, start: stretch.start, end: stretch.end };
    }),
  );
  const link = form.meetingLink.trim();
  return {
    stretchKeys,
    input: {
      published: form.published,
      timeZone: form.timeZone,
      weeklyHours,
      sessionLengths: form.sessionLengths,
      bufferBefore: form.bufferBefore,
      bufferAfter: form.bufferAfter,
      minimumNotice: Math.round(Number(form.minimumNoticeHours || '0') * 60),
      weeklyCap: form.weeklyCap.trim() === '' ? null : Number(form.weeklyCap),
      daysOff: form.daysOff,
      topics: form.topics,
      meetingLink: form.videoRoom || link === '' ? null : link,
      videoRoom: form.videoRoom,
      needsApproval: form.needsApproval,
    },
  };
}

/** Whether `value` is an https address with a host, as the API requires. */
export function isHttpsLink(value: string): boolean {
  try {
    const url = new URL(value);
    return url.protocol === 'https:' && !url.username && !url.password && url.hostname.includes('.');
  } catch {
    return false;
  }
}

/** The form's problems, keyed by the form's fields (stretches: `week.D.I`). */
export function checkForm(form: HoursForm, zones: readonly string[]): FieldErrors {
  const errors: FieldErrors = {};
  if (!zones.includes(form.timeZone)) errors.timeZone = 'Pick a time zone from the list, such as Europe/Berlin.';
  form.week.forEach((day, dayIndex) =>
    day.forEach((stretch, index) => {
      if (!stretch.start || !stretch.end) errors[stretchKey(dayIndex, index)] = 'Give a start and an end.';
      else if (stretch.end <= stretch.start) errors[stretchKey(dayIndex, index)] = 'Must end after it starts.';
    }),
  );
  const stretches = form.week.flat().length;
  if (stretches > L.stretches) errors.weeklyHours = `At most ${L.stretches} stretches a week.`;
  if (form.published && stretches === 0) errors.weeklyHours = 'Add your weekly hours before you publish them.';
  if (form.sessionLengths.length === 0) errors.sessionLengths = 'Offer at least one length.';
  const notice = Number(form.minimumNoticeHours);
  if (form.minimumNoticeHours.trim() === '' || !Number.isFinite(notice) || notice < 0 || notice * 60 > L.minimumNotice)
    errors.minimumNotice = `Between 0 and ${L.minimumNotice / 60} hours.`;
  const cap = Number(form.weeklyCap);
  if (form.weeklyCap.trim() !== '' && (!Number.isInteger(cap) || cap < 1 || cap > L.weeklyCap)) errors.weeklyCap = `A whole number from 1 to ${L.weeklyCap}, or empty for no cap.`;
  const link = form.meetingLink.trim();
  if (!form.videoRoom && link !== '' && !isHttpsLink(link)) errors.meetingLink = 'Must be an https:// address, like https://meet.example/you.';
  return errors;
}

/** The API's field errors (`weeklyHours.N.end`, `minimumNotice`…) keyed as the form's fields. */
export function formErrorsOf(apiFields: Record<string, string>, stretchKeys: readonly string[]): FieldErrors {
  const errors: FieldErrors = {};
  for (const [field, problem] of Object.entries(apiFields)) {
    const stretch = /^weeklyHours\.(\d+)/.exec(field);
    const key = stretch ? (stretchKeys[Number(stretch[1])] ?? 'weeklyHours') : (field.split('.')[0] ?? field);
    errors[key] ??= problem;
  }
  return errors;
}

/** The IANA time zones the browser knows (the API checks the same names). */
export function knownTimeZones(): string[] {
  const supported = (Intl as { supportedValuesOf?: (key: string) => string[] }).supportedValuesOf?.('timeZone') ?? [];
  return supported.includes('UTC') ? supported : ['UTC', ...supported];
}
