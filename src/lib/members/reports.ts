/** Reporting a member: the reasons the report dialog offers and the admin queue names. */
import type { AdminReport } from '@api/reports/schemas';

export type ReportReason = AdminReport['reason'];

/** The report reasons, in the order the report dialog lists them. */
export const REPORT_REASONS: ReadonlyArray<{ value: ReportReason; label: string; hint: string }> = [
  { value: 'spam', label: 'Spam', hint: 'Unwanted promotion or repeated messages' },
  { value: 'harassment', label: 'Harassment', hint: 'Insults, threats or unwelcome contact' },
  { value: 'fake-profile', label: 'Fake profile', hint: 'Pretends to be someone else or is not real' },
  { value: 'inappropriate', label: 'Inappropriate content', hint: 'Offensive pictures or text' },
  { value: 'other', label: 'Something else', hint: 'Tell us in the details' },
];

export const REPORT_REASON_LABEL: Readonly<Record<ReportReason, string>> = Object.fromEntries(REPORT_REASONS.map((reason) => [reason.value, reason.label])) as Record<
  ReportReason,
  string
>;

/** Longest report details, as the API accepts them. */
export const DETAILS_MAX = 1000;
