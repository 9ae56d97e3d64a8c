/**
 * The wire shapes of the connection routes (issue 4's contract): connections as the
 * viewer sees them, counts, the relation answer, suggestions and blocks, plus the inputs
 * they accept. Member cards, ids and paged lists are shared: ../members/schemas.ts.
 */
import { z } from '@hono/zod-openapi';
import { connectionStatuses } from '../db/schema';
import { IdSchema, MemberCardSchema, PageQuerySchema, pagedSchema } from '../members/schemas';
import { RELATION_ACTIONS, RELATION_STATES } from '../shared/connection-actions';

export const NOTE_MAX_LENGTH = 300;

export const ConnectionStatusSchema = z.enum(connectionStatuses);

export const ConnectionSchema = z
  .object({
    _id: z.string(),
    status: ConnectionStatusSchema.openapi({ description: 'As the viewer may see it: a request its receiver ignored still shows `pending` to its sender.' }),
    direction: z.enum(['sent', 'received']).openapi({ description: 'Whether the viewer sent the request or received it.' }),
    note: z.string().nullable(),
    createdAt: z.string(),
    updatedAt: z.string(),
    member: MemberCardSchema.openapi({ description: 'The other member.' }),
  })
  .openapi('Connection');

export const ConnectionChangeSchema = z
  .object({
    state: z.enum(['pending_sent', 'connected', 'none']).openapi({ description: 'The relation after the change.' }),
    connection: ConnectionSchema,
  })
  .openapi('ConnectionChange');

const count = (description: string) => z.number().int().nonnegative().openapi({ description });

export const ConnectionPageSchema = pagedSchema(ConnectionSchema, 'ConnectionPage');

export const ConnectionCountsSchema = z
  .object({
    received: count('Requests waiting for the viewer.'),
    sent: count("The viewer's pending requests (ignored ones included: they look pending to the sender)."),
    accepted: count("The viewer's connections."),
    blocked: count('Members the viewer blocked.'),
  })
  .openapi('ConnectionCounts');

export const RelationSchema = z
  .object({
    state: z.enum(RELATION_STATES),
    connectionId: z.string().nullable().openapi({ description: 'The pending request or the connection, when there is one the viewer may act on.' }),
    actions: z.array(z.enum(RELATION_ACTIONS)).openapi({ description: 'What the viewer can do now.' }),
    member: MemberCardSchema,
  })
  .openapi('ConnectionRelation', { description: 'The relation between the viewer and a member.' });

export const SuggestionSchema = z
  .object({
    member: MemberCardSchema,
    reasons: z.array(z.string()).openapi({ example: ['3 shared connections', 'Could advise you'] }),
    score: z.number(),
  })
  .openapi('Suggestion');

export const SuggestionListSchema = z.object({ data: z.array(SuggestionSchema) }).openapi('SuggestionList');

export const BlockedMemberSchema = z.object({ member: MemberCardSchema, createdAt: z.string() }).openapi('BlockedMember');
export const BlockedMemberPageSchema = pagedSchema(BlockedMemberSchema, 'BlockedMemberPage');
export const BlockResultSchema = z.object({ blocked: z.boolean() }).openapi('BlockResult');

export const ConnectBodySchema = z
  .object({
    receiverId: IdSchema.openapi({ description: 'The user id of the member to connect with.' }),
    note: z
      .string()
      .trim()
      .max(NOTE_MAX_LENGTH)
      .nullish()
      .openapi({ description: `An optional note, up to ${NOTE_MAX_LENGTH} characters.`, example: 'We met at the climate-tech meetup.' }),
  })
  .openapi('ConnectBody');

export const LIST_TYPES = ['received', 'sent', 'accepted'] as const;
export const StatusListQuerySchema = PageQuerySchema.extend({
  _type: z.enum(LIST_TYPES).openapi({ description: 'received: requests waiting for you; sent: your pending requests; accepted: your connections.' }),
});

export const LIST_STATUSES = ['accepted', 'pending', 'ignored', 'withdrawn'] as const;

export type Connection = z.infer<typeof ConnectionSchema>;
export type ConnectionChange = z.infer<typeof ConnectionChangeSchema>;
export type ConnectionCounts = z.infer<typeof ConnectionCountsSchema>;
export type Relation = z.infer<typeof RelationSchema>;
export type RelationState = Relation['state'];
export type RelationAction = Relation['actions'][number];
export type Suggestion = z.infer<typeof SuggestionSchema>;
export type BlockedMember = z.infer<typeof BlockedMemberSchema>;
export type ListKind = (typeof LIST_TYPES)[number] | (typeof LIST_STATUSES)[number];
