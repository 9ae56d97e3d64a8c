/**
 * The wire shapes several domains share: record ids and the id path parameters, the member
 * card every list of people shows, and paged lists with their query.
 */
import { z } from '@hono/zod-openapi';
import { MemberTypeSchema } from '../users/schemas';

/** A record id: 24 lowercase hex characters (users, profiles, connections, reports). */
export const IdSchema = z
  .string()
  .regex(/^[0-9a-f]{24}$/, 'must be a 24-character id')
  .openapi({ example: '65f1c2a9e4b0a1d2c3e4f5a6' });

export const IdParamSchema = z.object({ id: IdSchema.openapi({ param: { name: 'id', in: 'path' } }) });
export const UserIdParamSchema = z.object({ userId: IdSchema.openapi({ param: { name: 'userId', in: 'path' }, description: 'A user id.' }) });

/** The verified badge of a member: LinkedIn linked, and the domain of a work address proved by a mailed code. */
export const VerifiedBadgeSchema = z
  .object({
    linkedin: z.boolean().openapi({ description: 'A LinkedIn sign-in is linked.' }),
    workDomain: z.string().nullable().openapi({ description: 'The domain of the proved work address, e.g. `acme.example`; null when none.' }),
  })
  .openapi('VerifiedBadge');

export const MemberCardSchema = z
  .object({
    _id: z.string().openapi({ description: 'The user id.' }),
    memberType: MemberTypeSchema,
    name: z.string(),
    tagline: z.string().nullable().openapi({ description: "A founder's tagline; an advisor's position." }),
    slug: z.string(),
    avatar: z.string().nullable().openapi({ description: 'Profile picture address (a media path or an absolute URL).' }),
    banner: z.string().nullable(),
    profileId: z.string().openapi({ description: 'The founder profile id or the advisor id.' }),
    premium: z.boolean().openapi({ description: 'Whether the member is Premium (docs/product.md#roles): the app shows a badge.' }),
    verified: VerifiedBadgeSchema.nullable().optional().openapi({
      description:
        'The verified badge (docs/product.md "Verified members"), null when the member is verified neither way. Every card the API sends has it; cards the app makes itself (the viewer’s own, before the server answers) may leave it out.',
    }),
  })
  .openapi('MemberCard', { description: 'The derived display profile of a member (docs/product.md#display-profile) plus ids.' });

const count = (description: string) => z.number().int().nonnegative().openapi({ description });

const pageShape = <T extends z.ZodType>(item: T) =>
  z.object({ data: z.array(item), total: count('Items in every page.'), page: z.number().int(), limit: z.number().int(), pages: count('Pages at this limit.') });

/** A page of items: page starts at 1; pages is the number of pages at this limit. */
export function pagedSchema<T extends z.ZodType>(item: T, name: string) {
  return pageShape(item).openapi(name);
}

/** A page of a list whose total is counted up to a cap (db/paging.ts `cappedPageOf`). */
export function cappedPagedSchema<T extends z.ZodType>(item: T, name: string) {
  return pageShape(item)
    .extend({
      capped: z.boolean().openapi({ description: 'True when more items match than `total`: counting stopped there, and so do the pages.' }),
    })
    .openapi(name);
}

const integerParam = (min: number, max: number, fallback: number, description: string) =>
  z.coerce.number().int().min(min).max(max).default(fallback).openapi({ type: 'integer', minimum: min, maximum: max, default: fallback, description });

export const PageQuerySchema = z.object({
  page: integerParam(1, 100_000, 1, 'Page number, from 1.'),
  limit: integerParam(1, 50, 10, 'Items per page, 1–50.'),
});

export type MemberCard = z.infer<typeof MemberCardSchema>;
