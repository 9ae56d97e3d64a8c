/**
 * Reports of members and posts: what a member sends, and what the admin area reads.
 */
import { z } from '@hono/zod-openapi';
import { IdSchema, MemberCardSchema } from '../members/schemas';
import { reportReasons, reportStatuses, reportTargetTypes } from '../db/schema';

export const DETAILS_MAX_LENGTH = 1000;

export const ReportTargetTypeSchema = z.enum(reportTargetTypes);
export const ReportReasonSchema = z.enum(reportReasons);
export const ReportStatusSchema = z.enum(reportStatuses);

export const ReportBodySchema = z
  .object({
    targetType: ReportTargetTypeSchema,
    targetId: IdSchema.openapi({
      description: 'A user id (member), a feed post id (post), a comment or reply id (comment), the id of a message you received (message), or a session review id (review).',
    }),
    reason: ReportReasonSchema,
    details: z
      .string()
      .trim()
      .max(DETAILS_MAX_LENGTH)
      .nullish()
      .openapi({ description: `Optional, up to ${DETAILS_MAX_LENGTH} characters.` }),
  })
  .openapi('ReportBody');

export const ReportReceiptSchema = z.object({ _id: z.string(), status: z.literal('open') }).openapi('ReportReceipt');

export const AdminReportSchema = z
  .object({
    _id: z.string(),
    targetType: ReportTargetTypeSchema,
    targetId: z.string(),
    reason: ReportReasonSchema,
    details: z.string().nullable(),
    status: ReportStatusSchema,
    createdAt: z.string(),
    reporter: MemberCardSchema,
    target: MemberCardSchema.nullable().openapi({
      description: "The reported member, or the reported post's author; null when the member or post no longer exists.",
    }),
  })
  .openapi('AdminReport');

export const AdminReportPageSchema = z
  .object({ data: z.array(AdminReportSchema), total: z.number().int(), page: z.number().int(), limit: z.number().int(), pages: z.number().int() })
  .openapi('AdminReportPage');

export const AdminReportQuerySchema = z.object({
  page: z.coerce.number().int().min(1).max(100_000).default(1).openapi({ type: 'integer', minimum: 1, default: 1 }),
  limit: z.coerce.number().int().min(1).max(100).default(20).openapi({ type: 'integer', minimum: 1, maximum: 100, default: 20 }),
  status: ReportStatusSchema.default('open'),
});

export type ReportInput = z.infer<typeof ReportBodySchema>;
export type ReportReceipt = z.infer<typeof ReportReceiptSchema>;
export type AdminReport = z.infer<typeof AdminReportSchema>;
export type ReportStatus = z.infer<typeof ReportStatusSchema>;
