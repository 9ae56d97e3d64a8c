/**
 * The wire shapes of account deletion: the member's request (POST/GET/PATCH
 * /auth/profile-delete) and the admin list and decision (/admin/profile-delete-request,
 * /admin/profile-delete).
 */
import { z } from '@hono/zod-openapi';
import { deletionRequestStatuses } from '../db/schema';
import { IdSchema, MemberCardSchema } from '../members/schemas';

export const REASON_MAX_LENGTH = 1000;
export const NOTE_MAX_LENGTH = 1000;

export const DeletionStatusSchema = z.enum(deletionRequestStatuses).openapi({
  description: 'pending until handled; withdrawn by the member; approved while the deletion runs; rejected with a note; completed once the account is gone.',
});

export const DeletionRequestSchema = z
  .object({
    _id: z.string(),
    status: DeletionStatusSchema,
    reason: z.string().nullable(),
    createdAt: z.string(),
    dueAt: z.string().openapi({ description: 'The date by which the deletion will be done (30 days after the request) unless it is withdrawn or rejected.' }),
    handledAt: z.string().nullable().openapi({ description: 'When it was withdrawn, approved or rejected.' }),
    adminNote: z.string().nullable().openapi({ description: "A rejection's note from the administrator, shown to the member." }),
    completedAt: z.string().nullable(),
  })
  .openapi('DeletionRequest');

export const MyDeletionSchema = z
  .object({ request: DeletionRequestSchema.nullable().openapi({ description: 'The latest request, or null when the member never asked.' }) })
  .openapi('MyDeletion');

export const DeletionAskBodySchema = z
  .object({
    reason: z
      .string()
      .trim()
      .max(REASON_MAX_LENGTH, `must be at most ${REASON_MAX_LENGTH} characters`)
      .nullish()
      .openapi({ description: `Optional, up to ${REASON_MAX_LENGTH} characters; administrators read it.` }),
  })
  .openapi('DeletionAskBody');

export const DeletionWithdrawBodySchema = z.object({ status: z.literal('withdrawn') }).openapi('DeletionWithdrawBody');

export const AdminDeletionRequestSchema = DeletionRequestSchema.extend({
  member: MemberCardSchema.nullable().openapi({ description: 'The member; "Deleted member" once the deletion is done.' }),
  email: z.string().nullable().openapi({ description: "The member's email while the account exists." }),
  ageDays: z.number().int().nonnegative().openapi({ description: 'Whole days since the request.' }),
  handledBy: z
    .object({ _id: z.string().nullable(), name: z.string() })
    .nullable()
    .openapi({ description: 'The administrator who approved or rejected it; null when the member withdrew it or the scheduled run carried it out.' }),
}).openapi('AdminDeletionRequest');

export const AdminDeletionPageSchema = z
  .object({ data: z.array(AdminDeletionRequestSchema), total: z.number().int(), page: z.number().int(), limit: z.number().int(), pages: z.number().int() })
  .openapi('AdminDeletionPage');

export const AdminDeletionQuerySchema = z.object({
  page: z.coerce.number().int().min(1).max(100_000).default(1).openapi({ type: 'integer', minimum: 1, default: 1 }),
  limit: z.coerce.number().int().min(1).max(100).default(20).openapi({ type: 'integer', minimum: 1, maximum: 100, default: 20 }),
  status: z
    .enum([...deletionRequestStatuses, 'all'])
    .default('pending')
    .openapi({ description: 'Which requests: pending (default, oldest first) or another state, or all (newest first).' }),
});

export const AdminDeletionDecisionSchema = z
  .discriminatedUnion('action', [
    z.object({ id: IdSchema, action: z.literal('approve'), note: z.string().trim().max(NOTE_MAX_LENGTH, `must be at most ${NOTE_MAX_LENGTH} characters`).nullish() }),
    z.object({
      id: IdSchema,
      action: z.literal('reject'),
      note: z.string().trim().min(1, 'is required to reject: the member reads it').max(NOTE_MAX_LENGTH, `must be at most ${NOTE_MAX_LENGTH} characters`),
    }),
  ])
  .openapi('AdminDeletionDecision', { description: 'approve: the deletion runs now. reject: the request ends and the member reads the note.' });

export type DeletionRequest = z.infer<typeof DeletionRequestSchema>;
export type AdminDeletionRequest = z.infer<typeof AdminDeletionRequestSchema>;
export type AdminDeletionQuery = z.infer<typeof AdminDeletionQuerySchema>;
export type AdminDeletionDecision = z.infer<typeof AdminDeletionDecisionSchema>;
export type DeletionStatus = z.infer<typeof DeletionStatusSchema>;
