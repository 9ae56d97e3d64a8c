/**
 * The wire shapes of message requests: a request as its two members see it, the page of
 * the Requests folder, the sender's allowance and the inputs the routes accept.
 */
import { z } from '@hono/zod-openapi';
import { IdSchema, MemberCardSchema, pagedSchema } from '../members/schemas';
import { REQUEST_BODY_MAX } from '../shared/message-request-messages';

export const MessageRequestSchema = z
  .object({
    _id: z.string(),
    sender: MemberCardSchema.openapi({ description: 'Who wrote it (a Premium member).' }),
    recipient: MemberCardSchema,
    body: z.string().openapi({ description: 'Plain text as written (escaped by whoever displays it).' }),
    status: z.enum(['pending', 'accepted', 'declined']),
    createdAt: z.string(),
    answeredAt: z.string().nullable(),
  })
  .openapi('MessageRequest');

export const MessageRequestPageSchema = pagedSchema(MessageRequestSchema, 'MessageRequestPage');

export const RequestAllowanceSchema = z
  .object({
    premium: z.boolean().openapi({ description: 'Whether you are Premium (free members have no allowance).' }),
    allowance: z.number().int().openapi({ description: 'Requests per calendar month (UTC).' }),
    used: z.number().int().openapi({ description: 'Sent this month and not accepted (an accepted request gives its unit back).' }),
    remaining: z.number().int(),
    renewsAt: z.string().openapi({ description: 'When the count starts again: the first of next month, 00:00 UTC.' }),
  })
  .openapi('RequestAllowance');

export const SentRequestSchema = z.object({ request: MessageRequestSchema, allowance: RequestAllowanceSchema }).openapi('SentMessageRequest');

export const SendRequestBodySchema = z
  .object({
    to: IdSchema.openapi({ description: 'The member to write to (a user id).' }),
    body: z
      .string()
      .trim()
      .min(1, 'must not be empty')
      .max(REQUEST_BODY_MAX, `must be at most ${REQUEST_BODY_MAX} characters`)
      .openapi({ description: `The first message, 1–${REQUEST_BODY_MAX} characters.` }),
  })
  .openapi('SendMessageRequest');

export const DeclinedRequestSchema = z.object({ _id: z.string(), status: z.literal('declined') }).openapi('DeclinedMessageRequest');

export const RequestSettingSchema = z
  .object({ accepting: z.boolean().openapi({ description: 'Whether Premium members you are not connected with may send you message requests.' }) })
  .strict()
  .openapi('MessageRequestSetting');

export type RequestAllowance = z.infer<typeof RequestAllowanceSchema>;
export type RequestSetting = z.infer<typeof RequestSettingSchema>;
export type MessageRequest = z.infer<typeof MessageRequestSchema>;
export type MessageRequestPage = z.infer<typeof MessageRequestPageSchema>;
export type SentRequest = z.infer<typeof SentRequestSchema>;
export type SendRequestBody = z.infer<typeof SendRequestBodySchema>;
