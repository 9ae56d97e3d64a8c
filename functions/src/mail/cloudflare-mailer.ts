/**
 * The production Mailer: Cloudflare Email Service through the `send_email` binding
 * (MAILER in wrangler.toml), with the MIME message of mime.ts (mimetext).
 */
import { EmailMessage } from 'cloudflare:email';
import type { Clock } from '../clock';
import type { Mailer } from './mailer';
import { addressOf, buildMimeMessage } from './mime';

/** A Mailer that sends through the given send_email binding as `from`. */
export function cloudflareMailer(binding: SendEmail, from: string, clock: Clock): Mailer {
  return {
    async send(message) {
      const raw = buildMimeMessage(from, message, clock.now());
      await binding.send(new EmailMessage(addressOf(from), addressOf(message.to), raw));
    },
  };
}
