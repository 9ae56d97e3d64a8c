/**
 * The wire shapes of invitations: what a member sends, their list with each invitation's
 * status, and what the invited person's landing page shows.
 */
import { z } from '@hono/zod-openapi';
import { MemberCardSchema } from '../members/schemas';
import { INVITATION_TOKEN_PATTERN } from './tokens';

export const InvitationInputSchema = z
  .object({
    email: z
      .string()
      .trim()
      .toLowerCase()
      .max(254)
      .pipe(z.email())
      .openapi({ type: 'string', format: 'email', example: 'grace@example.com', description: 'The address to invite: a colleague or a co-founder who is not a member yet.' }),
  })
  .openapi('InvitationInput');

export const INVITATION_STATUSES = ['sent', 'joined', 'expired'] as const;
export type InvitationStatus = (typeof INVITATION_STATUSES)[number];

export const InvitationSchema = z
  .object({
    _id: z.string(),
    email: z.string().openapi({ description: 'The address invited; empty once the member who joined deleted their account.' }),
    status: z.enum(INVITATION_STATUSES).openapi({ description: '`sent` (open), `joined` (an account was made through it), `expired` (unused past `expiresAt`).' }),
    createdAt: z.string(),
    expiresAt: z.string(),
    joinedAt: z.string().nullable(),
    member: MemberCardSchema.nullable().openapi({ description: 'Who joined through it, while their account exists; `slug` is empty until their profile is ready.' }),
  })
  .openapi('Invitation');

export const InvitationListSchema = z
  .object({
    data: z.array(InvitationSchema).openapi({ description: 'Newest first, at most 100.' }),
    perWeek: z.number().int().openapi({ description: 'Invitations a member may send in any seven days.' }),
    sentThisWeek: z.number().int().openapi({ description: 'Invitations sent in the last seven days.' }),
  })
  .openapi('InvitationList');

export const InvitationLandingSchema = z
  .object({
    email: z.string().openapi({ description: 'The address invited, to prefill registration.' }),
    expiresAt: z.string(),
    inviter: MemberCardSchema.nullable().openapi({ description: 'Who invited; null when they deleted their account.' }),
  })
  .openapi('InvitationLanding');

export const InvitationTokenParam = z.object({
  token: z
    .string()
    .regex(INVITATION_TOKEN_PATTERN, 'must be an invitation token')
    .openapi({ param: { name: 'token', in: 'path' }, description: 'The token of the invitation link.' }),
});

export type Invitation = z.infer<typeof InvitationSchema>;
export type InvitationList = z.infer<typeof InvitationListSchema>;
export type InvitationLanding = z.infer<typeof InvitationLandingSchema>;
