/** Sending a report of a member, a post, a comment or a message to the FounderMesh team. */
import type { ReportInput } from '@api/reports/schemas';
import { api, data } from '../api/client';
import { toast } from '../toast';
import type { ReportReason } from '../members/reports';

export type ReportTarget = { targetType: ReportInput['targetType']; targetId: string };

/** POST /reports; thanks the member with a toast. Throws the API's error for the form to show. */
export async function sendReport(target: ReportTarget, reason: ReportReason, details: string, what: string): Promise<void> {
  const text = details.trim();
  await data(api.reports.$post({ json: { ...target, reason, ...(text ? { details: text } : {}) } }));
  toast(`Thank you. Your report about ${what} was sent to the FounderMesh team.`, { kind: 'success' });
}
