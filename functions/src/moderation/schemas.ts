/** The wire shapes of the moderation queue and its actions. */
import { z } from '@hono/zod-openapi';
import { reportTargetTypes } from '../db/schema';
import { IdSchema, MemberCardSchema } from '../members/schemas';
import { ReportReasonSchema } from '../reports/schemas';

export const REASON_MAX_LENGTH = 1000;

const reason = (description: string) => z.string().trim().min(1, 'is required').max(REASON_MAX_LENGTH).openapi({ description });
const note = z
  .string()
  .trim()
  .max(REASON_MAX_LENGTH)
  .nullish()
  .openapi({ description: `Optional, up to ${REASON_MAX_LENGTH} characters.` });

export const TargetTypeSchema = z.enum(reportTargetTypes);

/** The queue item a member action comes from: its open reports are closed by the action. */
const ItemSchema = z
  .object({ targetType: TargetTypeSchema, targetId: IdSchema })
  .nullish()
  .openapi({ description: 'The queue item this comes from; its open reports close with the action.' });

export const WarnBodySchema = z.object({ reason: reason('What the member is told.'), item: ItemSchema }).openapi('WarnBody');

export const SuspendBodySchema = z
  .object({
    reason: reason('Why: the member reads it at sign-in and in the mail.'),
    until: z.iso.datetime({ offset: true, message: 'must be an ISO date and time, or null for good' }).nullable().openapi({ description: 'When it ends; null: for good.' }),
    item: ItemSchema,
  })
  .openapi('SuspendBody');

export const NoteBodySchema = z.object({ note }).openapi('ModerationNote');
export const RemoveBodySchema = z.object({ reason: reason('Why it was removed: the author is told.') }).openapi('RemoveBody');

export const SuspensionSchema = z
  .object({
    suspended: z.boolean(),
    suspendedAt: z.string().nullable(),
    until: z.string().nullable().openapi({ description: 'When it ends; null with suspended true: for good.' }),
    reason: z.string().nullable(),
  })
  .openapi('Suspension');

export const TargetParamsSchema = z.object({
  targetType: TargetTypeSchema.openapi({ param: { name: 'targetType', in: 'path' } }),
  targetId: IdSchema.openapi({ param: { name: 'targetId', in: 'path' } }),
});

export const QueueQuerySchema = z.object({
  state: z.enum(['open', 'handled']).default('open').openapi({ description: 'open: oldest first; handled: latest decision first.' }),
  kind: TargetTypeSchema.optional(),
  page: z.coerce.number().int().min(1).max(100_000).default(1).openapi({ type: 'integer', minimum: 1, default: 1 }),
  limit: z.coerce.number().int().min(1).max(50).default(20).openapi({ type: 'integer', minimum: 1, maximum: 50, default: 20 }),
});

const ContentSchema = z
  .discriminatedUnion('kind', [
    z.object({ kind: z.literal('member') }),
    z.object({
      kind: z.literal('post'),
      text: z.string(),
      slug: z.string(),
      media: z.array(z.object({ url: z.string(), mime: z.string(), alt: z.string().nullable() })),
      createdAt: z.string(),
    }),
    z.object({ kind: z.literal('comment'), text: z.string(), postSlug: z.string(), createdAt: z.string() }),
    z.object({ kind: z.literal('message'), body: z.string(), createdAt: z.string() }),
    z.object({
      kind: z.literal('review'),
      rating: z.number().int(),
      text: z.string(),
      hostSlug: z.string().nullable(),
      hostType: z.enum(['founder', 'advisor']).nullable(),
      createdAt: z.string(),
    }),
  ])
  .nullable()
  .openapi({ description: 'The reported thing as it reads now; null once it no longer exists.' });

/** What became of a reported thing since its first report, against that report's snapshot. */
export const EVIDENCE_STATES = ['unchanged', 'edited', 'deleted', 'removed'] as const;

const EvidenceSchema = z
  .object({
    state: z.enum(EVIDENCE_STATES).openapi({
      description: 'unchanged: the thing reads as reported; edited: its text changed since; deleted: its author deleted it since; removed: an administrator did.',
    }),
    author: z.object({ _id: z.string(), name: z.string() }).openapi({ description: 'Who wrote it, named as they were when it was reported.' }),
    text: z.string().nullable().openapi({ description: 'The post, comment or message as reported; null for a member.' }),
    media: z
      .array(z.object({ key: z.string(), mime: z.string(), name: z.string().nullable(), alt: z.string().nullable() }))
      .openapi({ description: 'References of its media as reported; the files go with the content.' }),
    writtenAt: z.string().nullable(),
    reportedAt: z.string(),
  })
  .nullable()
  .openapi({ description: 'The snapshot the first report kept of the thing, kept until 90 days after the report is handled; null when none is left.' });

export const QueueItemSchema = z
  .object({
    targetType: TargetTypeSchema,
    targetId: z.string(),
    reportCount: z.number().int(),
    firstReportedAt: z.string(),
    reports: z.array(z.object({ _id: z.string(), reason: ReportReasonSchema, details: z.string().nullable(), createdAt: z.string(), reporter: MemberCardSchema.nullable() })),
    member: MemberCardSchema.nullable().openapi({
      description: 'The reported member, or the author of the post, comment or message (from the snapshot once it is gone); null when their account is gone.',
    }),
    suspension: SuspensionSchema.nullable(),
    content: ContentSchema,
    evidence: EvidenceSchema,
    decision: z
      .object({ action: z.string(), adminName: z.string(), reason: z.string().nullable(), suspendedUntil: z.string().nullable(), at: z.string() })
      .nullable()
      .openapi({ description: 'What was decided (handled items); null for open ones.' }),
  })
  .openapi('ModerationItem');

export const QueuePageSchema = z
  .object({ data: z.array(QueueItemSchema), total: z.number().int(), page: z.number().int(), limit: z.number().int(), pages: z.number().int() })
  .openapi('ModerationQueuePage');

export const DecisionResultSchema = z
  .object({ handled: z.literal(true), reports: z.number().int().openapi({ description: 'Open reports it closed.' }) })
  .openapi('ModerationResult');

export type QueueQuery = z.infer<typeof QueueQuerySchema>;
export type QueueItem = z.infer<typeof QueueItemSchema>;
