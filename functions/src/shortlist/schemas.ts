/** The wire shapes of the weekly shortlist and of a match's check-in (docs/product.md "Weekly shortlist"). */
import { z } from '@hono/zod-openapi';
import { matchOutcomes } from '../db/schema';
import { IdSchema } from '../members/schemas';
import { MatchSchema, ProfileSummarySchema } from '../profiles/schemas';

export const CheckinAnswerSchema = z
  .object({
    met: z.boolean().openapi({ description: 'Whether the two met.' }),
    outcome: z.enum(matchOutcomes).optional().openapi({ description: 'How it went: needed when `met` is true, ignored otherwise.' }),
  })
  .openapi('CheckinAnswer');
export type CheckinAnswer = z.infer<typeof CheckinAnswerSchema>;

export const CheckinStoredSchema = CheckinAnswerSchema.extend({ answeredAt: z.string() }).openapi('CheckinStored');

export const CheckinParamSchema = z.object({ matchId: IdSchema.openapi({ param: { name: 'matchId', in: 'path' }, description: 'The match asked about.' }) });

export const OpenCheckinSchema = z
  .object({
    matchId: z.string(),
    member: ProfileSummarySchema.openapi({ description: 'The other member of the match.' }),
    askedAt: z.string(),
  })
  .openapi('OpenCheckin');
export type OpenCheckin = z.infer<typeof OpenCheckinSchema>;

export const ShortlistSchema = z
  .object({
    week: z.string().nullable().openapi({ description: 'The ISO week of the latest shortlist (e.g. `2026-W49`), or null before the first.' }),
    picks: z.array(MatchSchema).openapi({ description: 'Its members you have not answered yet, best first; `score` is the fit both ways.' }),
    nextAt: z.string().openapi({ description: 'When the next shortlist goes out (your weekday, 08:00 in your city’s time zone, UTC without a city).' }),
    checkins: z.array(OpenCheckinSchema).openapi({ description: 'Your matches asked about and not answered yet.' }),
  })
  .openapi('Shortlist');
export type Shortlist = z.infer<typeof ShortlistSchema>;
