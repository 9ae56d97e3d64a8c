/** The mail port: domain code sends through it and never knows where mail goes. */
export type MailMessage = { to: string; subject: string; text: string; html: string };

export type Mailer = { send(message: MailMessage): Promise<void> };
