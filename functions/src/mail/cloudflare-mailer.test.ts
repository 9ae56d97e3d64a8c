import { env } from 'cloudflare:workers';
import { describe, expect, it, vi } from 'vitest';
import { createMember, mailTo, post } from '../../test/api';
import { systemClock } from '../clock';
import { cloudflareMailer } from './cloudflare-mailer';
import { verificationMail } from './templates';

describe('the Cloudflare send_email mailer', () => {
  // Miniflare's binding parses the raw message and rejects malformed ones ("invalid message-id").
  it('hands a well-formed MIME message to the MAILER binding', async () => {
    const mailer = cloudflareMailer(env.MAILER, 'FounderMesh <no-reply@foundermesh.app>', systemClock);
    await expect(mailer.send(verificationMail('ada@example.com', 'Ada', '123456', 'https://foundermesh.app/verify-email', 10))).resolves.toBeUndefined();
  });

  it('is what the API uses outside development, instead of the dev mailbox', async () => {
    const member = await createMember();
    const production = { ...env, ENVIRONMENT: 'production' } as Env;
    const failures = vi.spyOn(console, 'error');
    try {
      const response = await post('/auth/reset-password', { type: 'request', email: member.user.email }, { env: production });
      expect(response.status).toBe(200);
      expect(failures).not.toHaveBeenCalled();
      expect(await mailTo(member.user.email)).toHaveLength(0);
    } finally {
      failures.mockRestore();
    }
  });
});
