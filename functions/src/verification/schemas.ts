/** The wire shapes of member verification (docs/product.md "Verified members"). */
import { z } from '@hono/zod-openapi';
import { UserIdParamSchema, VerifiedBadgeSchema } from '../members/schemas';
import { VERIFICATION_MESSAGES as M, VERIFICATION_METHODS } from '../shared/verification-messages';

export const WorkEmailBodySchema = z
  .object({
    email: z.string({ error: M.invalidEmail }).max(254, M.invalidEmail).openapi({ example: 'someone@acme.example', description: 'An address at your company’s own domain.' }),
  })
  .openapi('WorkEmailRequest');

export const WorkCodeBodySchema = z
  .object({
    code: z
      .string({ error: M.invalidCode })
      .trim()
      .regex(/^\d{6}$/, M.invalidCode)
      .openapi({ example: '004217', description: 'The 6 digits mailed to the address.' }),
  })
  .openapi('WorkCodeConfirmation');

export const WorkCodeSentSchema = z.object({ email: z.string(), expiresAt: z.string().openapi({ description: 'When the code stops working.' }) }).openapi('WorkCodeSent');

export const VerificationStatusSchema = z
  .object({
    badge: VerifiedBadgeSchema.nullable().openapi({ description: 'The badge others see, null when none.' }),
    linkedin: z.object({ verified: z.boolean(), withdrawn: z.boolean().openapi({ description: 'An administrator withdrew it.' }) }),
    work: z.object({ verified: z.boolean(), withdrawn: z.boolean(), email: z.string().nullable(), domain: z.string().nullable() }),
    pending: z.object({ email: z.string(), expiresAt: z.string() }).nullable().openapi({ description: 'A code mailed and still valid.' }),
  })
  .openapi('VerificationStatus');

export const WithdrawBodySchema = z
  .object({
    method: z.enum(VERIFICATION_METHODS, { error: 'must be linkedin or work' }).openapi({ description: 'Which badge to withdraw.' }),
    note: z.string().trim().max(500, 'must be at most 500 characters').nullish().openapi({ description: 'Why, kept in the audit log and told to the member.' }),
  })
  .openapi('VerificationWithdrawal');

export const WithdrawnSchema = z.object({ userId: z.string(), method: z.enum(VERIFICATION_METHODS), withdrawnAt: z.string() }).openapi('VerificationWithdrawn');

export { UserIdParamSchema };
