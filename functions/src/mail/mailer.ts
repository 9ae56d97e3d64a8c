/** The mail port: domain code sends through it and never knows where mail goes. */

/**
 * A file sent with a mail: `content` is its text (calendar invitations are text), `contentType`
 * its full MIME type with parameters, e.g. `text/calendar; charset=UTF-8; method=REQUEST`.
 */
export type MailAttachment = { filename: string; contentType: string; content: string };

/** `headers`: extra headers such as List-Unsubscribe (names and values on one line each). */
export type MailMessage = { to: string; subject: string; text: string; html: string; headers?: Record<string, string>; attachments?: MailAttachment[] };

export type Mailer = { send(message: MailMessage): Promise<void> };
