/** The wire shapes of web push devices and notification preferences (push/routes.ts). */
import { z } from '@hono/zod-openapi';
import { mailLists } from '../db/schema';
import { CHANNELS, DIGEST_FREQUENCIES, PREFERENCE_KINDS } from './kinds';

const base64url = (bytes: number, what: string) =>
  z
    .string()
    .regex(/^[A-Za-z0-9_-]+={0,2}$/, 'must be base64url')
    .refine((text) => Math.floor((text.replace(/=+$/, '').length * 3) / 4) === bytes, `must be ${bytes} bytes (${what})`);

export const PushKeySchema = z
  .object({ publicKey: z.string().openapi({ description: "The VAPID public key (base64url): PushManager.subscribe's applicationServerKey." }) })
  .openapi('PushKey');

export const DeviceInputSchema = z
  .object({
    endpoint: z.string().max(2000).openapi({ description: 'The subscription’s push service URL: a browser push service, https on port 443.' }),
    keys: z.object({ p256dh: base64url(65, 'an uncompressed P-256 point'), auth: base64url(16, 'the auth secret') }),
    userAgent: z.string().max(300).optional().openapi({ description: 'What the settings list calls the device; the request’s User-Agent when absent.' }),
  })
  .openapi('PushDeviceInput');

export const DeviceSchema = z
  .object({
    _id: z.string(),
    endpoint: z.string(),
    userAgent: z.string(),
    createdAt: z.string(),
    lastSuccessAt: z.string().nullable().openapi({ description: 'When a push last reached it.' }),
  })
  .openapi('PushDevice');

export const DeviceListSchema = z.object({ devices: z.array(DeviceSchema) }).openapi('PushDevices');
export const DeviceIdParamSchema = z.object({ id: z.string().min(1).max(64) });
export const RemovedSchema = z.object({ removed: z.boolean() }).openapi('PushDeviceRemoved');

const ChannelSchema = z.enum(CHANNELS);
const ChannelsShape = Object.fromEntries(PREFERENCE_KINDS.map((kind) => [kind, ChannelSchema])) as Record<(typeof PREFERENCE_KINDS)[number], typeof ChannelSchema>;

export const PreferencesSchema = z
  .object({
    channels: z.object(ChannelsShape).openapi({ description: 'Per kind: push (to your devices), email, or off.' }),
    digest: z.enum(DIGEST_FREQUENCIES).openapi({ description: 'How often the mail digest goes out (default weekly).' }),
    unsubscribed: z.array(z.enum(mailLists)).openapi({
      description: 'Mail lists you left by the unsubscribe link of a mail; choosing email for messages, or a daily or weekly digest, joins again.',
    }),
  })
  .openapi('NotificationPreferences');

export const PreferencesChangeSchema = z
  .object({ channels: z.object(ChannelsShape).partial().strict().optional(), digest: z.enum(DIGEST_FREQUENCIES).optional() })
  .strict()
  .openapi('NotificationPreferencesChange');
