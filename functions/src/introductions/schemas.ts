/**
 * The wire shapes of introductions (docs/product.md "Introductions"): an answer on a
 * candidate, the weekly invitations, the "Interested in you" queue and an introduction.
 */
import { z } from '@hono/zod-openapi';
import { IdSchema } from '../members/schemas';
import { ProfileSummarySchema } from '../profiles/schemas';
import { INTENT_KINDS } from '../shared/match-messages';

export const IntentBodySchema = z
  .object({
    candidateId: IdSchema.openapi({ description: 'The member answered.' }),
    kind: z.enum(INTENT_KINDS).openapi({ description: '`interested` (counts against the weekly invitations) or `not_now` (hides them for `NOT_NOW_DAYS`).' }),
  })
  .openapi('IntentBody');

export const CandidateParamSchema = z.object({ candidateId: IdSchema.openapi({ param: { name: 'candidateId', in: 'path' } }) });
export const IntroductionParamSchema = z.object({ id: IdSchema.openapi({ param: { name: 'id', in: 'path' }, description: 'The match id.' }) });

export const InterestAllowanceSchema = z
  .object({
    premium: z.boolean(),
    limit: z.number().int().openapi({ description: 'New "Interested" per week.' }),
    used: z.number().int(),
    remaining: z.number().int(),
    renewsAt: z.string().openapi({ description: 'When the week’s count starts again: next Monday 00:00 UTC.' }),
  })
  .openapi('InterestAllowance');

export const IntroductionSchema = z
  .object({
    _id: z.string().openapi({ description: 'The match id.' }),
    createdAt: z.string(),
    member: ProfileSummarySchema.openapi({ description: 'The other member.' }),
    connectionId: z.string().nullable(),
    threadId: z.string().openapi({ description: 'The two members’ thread: `/inbox?personalInbox=<threadId>`.' }),
    reasons: z.array(z.string()).openapi({ description: 'Why the two fit, from the viewer’s side.' }),
    facts: z.object({ you: z.array(z.string()), them: z.array(z.string()) }).openapi({ description: 'Each side’s key facts, a line each.' }),
    suggestedMessage: z.string().openapi({ description: 'A first message the viewer may edit and send.' }),
  })
  .openapi('Introduction');

export const IntentAnswerSchema = z
  .object({
    candidateId: z.string(),
    kind: z.enum(INTENT_KINDS),
    undoUntil: z.string().openapi({ description: 'Until when DELETE /matching/intents/{candidateId} takes it back.' }),
    hiddenUntil: z.string().nullable().openapi({ description: '`not_now`: when the member may be suggested again.' }),
    allowance: InterestAllowanceSchema,
    match: IntroductionSchema.nullable().openapi({ description: 'The introduction when this answer made a match.' }),
  })
  .openapi('IntentAnswer');

export const InterestedInYouSchema = z
  .object({
    total: z.number().int().openapi({ description: 'Members interested in you whom you have not answered.' }),
    premium: z.boolean(),
    locked: z.number().int().openapi({ description: 'Free members: how many are not shown (all of them).' }),
    data: z.array(
      z.object({
        member: ProfileSummarySchema,
        score: z.number(),
        reasons: z.array(z.string()),
        interestedAt: z.string(),
      }),
    ),
  })
  .openapi('InterestedInYou');

export const InterestQueueQuerySchema = z.object({
  limit: z.coerce.number().int().min(1).max(50).default(20).openapi({ type: 'integer', minimum: 1, maximum: 50, default: 20, description: 'Members shown, newest first.' }),
});

export type IntentBody = z.infer<typeof IntentBodySchema>;
export type Introduction = z.infer<typeof IntroductionSchema>;
export type IntentAnswer = z.infer<typeof IntentAnswerSchema>;
export type InterestedInYou = z.infer<typeof InterestedInYouSchema>;
