/**
 * The wire shapes of session reviews: what the guest writes, the host's answer, a review as
 * anyone who may see the host's profile reads it, and the host's count and average.
 */
import { z } from '@hono/zod-openapi';
import { IdSchema, MemberCardSchema } from '../members/schemas';
import { BookingSchema } from '../office-hours/schemas';
import { REVIEW_LIMITS as L } from './messages';

const words = (max: number) => z.string().trim().min(1, 'must not be empty').max(max, `must be at most ${max} characters`);

export const ReviewInputSchema = z
  .object({
    rating: z.number().int('must be a whole number').min(1, 'must be 1–5').max(5, 'must be 1–5').openapi({ description: '1 (poor) to 5 (excellent).', example: 5 }),
    text: words(L.text).openapi({ description: `A few words about the session, 1–${L.text} characters.` }),
  })
  .openapi('ReviewInput');

export const ReviewAnswerInputSchema = z.object({ text: words(L.answer).openapi({ description: `1–${L.answer} characters.` }) }).openapi('ReviewAnswerInput');

export const ReviewSummarySchema = z
  .object({
    count: z.number().int().openapi({ description: 'Reviews shown (hidden ones do not count).' }),
    average: z.number().nullable().openapi({ description: 'Mean rating rounded to one decimal; null without reviews.' }),
  })
  .openapi('ReviewSummary');

export const ReviewSchema = z
  .object({
    _id: z.string(),
    rating: z.number().int(),
    text: z.string(),
    topic: z.string().openapi({ description: 'The session’s topic.' }),
    author: MemberCardSchema.openapi({ description: 'The founder who booked the session.' }),
    answer: z.object({ text: z.string(), answeredAt: z.string() }).nullable().openapi({ description: 'The host’s one answer.' }),
    createdAt: z.string(),
  })
  .openapi('Review');

export const ReviewPageSchema = z
  .object({
    summary: ReviewSummarySchema,
    data: z.array(ReviewSchema),
    total: z.number().int(),
    page: z.number().int(),
    limit: z.number().int(),
    pages: z.number().int(),
  })
  .openapi('ReviewPage');

export const ReviewPageQuerySchema = z.object({
  page: z.coerce.number().int().min(1).max(10_000).default(1).openapi({ type: 'integer', minimum: 1, default: 1 }),
  limit: z.coerce
    .number()
    .int()
    .min(1)
    .max(L.pageMax, `must be 1–${L.pageMax}`)
    .default(L.pageDefault)
    .openapi({ type: 'integer', minimum: 1, maximum: L.pageMax, default: L.pageDefault }),
});

export const SessionReviewStateSchema = z
  .object({
    session: BookingSchema,
    review: ReviewSchema.nullable().openapi({ description: 'The review, once written (also while hidden, to its author and the host).' }),
    canReview: z.boolean().openapi({ description: 'Whether you may review it now.' }),
    reason: z.string().nullable().openapi({ description: 'Why not, when you may not.' }),
  })
  .openapi('SessionReviewState');

export const ReviewParam = z.object({ id: IdSchema.openapi({ param: { name: 'id', in: 'path' }, description: 'The review id.' }) });

export type ReviewInput = z.infer<typeof ReviewInputSchema>;
export type Review = z.infer<typeof ReviewSchema>;
export type ReviewPage = z.infer<typeof ReviewPageSchema>;
export type ReviewSummary = z.infer<typeof ReviewSummarySchema>;
