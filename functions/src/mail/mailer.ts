/** The mail port: domain code sends through it and never knows where mail goes. */
/** `headers`: extra headers such as List-Unsubscribe (names and values on one line each). */
export type MailMessage = { to: string; subject: string; text: string; html: string; headers?: Record<string, string> };

export type Mailer = { send(message: MailMessage): Promise<void> };
