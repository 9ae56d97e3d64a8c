/**
 * The message form and the attachment upload carry files: a message up to five
 * attachments at their limit plus its fields; an upload one file. app.ts picks the limit
 * per request with isMessageForm.
 */
import { ATTACHMENT_MAX_BYTES, MESSAGE_MAX_ATTACHMENTS } from '../shared/inbox-limits';

export const MESSAGE_FORM_MAX_BYTES = MESSAGE_MAX_ATTACHMENTS * ATTACHMENT_MAX_BYTES + 64 * 1024;

const FORM_ROUTES = [/^\/connections\/messages\/?$/, /^\/upload\/attachment\/?$/];

/** Whether a request is the message form or the attachment upload. */
export function isMessageForm(method: string, path: string): boolean {
  return method.toUpperCase() === 'POST' && FORM_ROUTES.some((route) => route.test(path));
}
