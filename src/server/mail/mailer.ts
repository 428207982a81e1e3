import nodemailer from 'nodemailer';

/** What an email is about: all the production log says of an email it could not send (docs/decisions/0026). */
export type MailKind =
  | 'reset-code'
  | 'temporary-password'
  | 'invitation'
  | 'link-notice'
  | 'roster-invitation'
  | 'outing'
  | 'violation'
  | 'player-removed'
  | 'removal-requested'
  | 'signed-game-changed'
  | 'answer-changed'
  | 'pitcher-override'
  | 'official-link'
  | 'record-digest';

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  kind: MailKind;
  sentAt: Date;
}

export interface Mailer {
  send(message: Omit<MailMessage, 'sentAt'>): Promise<void>;
  /** Messages kept when no SMTP server is configured (development and tests). */
  readonly mailbox: MailMessage[] | null;
}

interface Log {
  info(obj: object, msg: string): void;
  warn(obj: object, msg: string): void;
}

/**
 * SMTP when a URL is given. Otherwise nothing leaves the machine: outside production each email goes
 * to the log and a dev mailbox in memory; in production the log says only what kind of email was not
 * sent, since the emails carry temporary passwords, reset codes and children's names.
 */
export function createMailer(options: { smtpUrl?: string; from: string; log: Log; production?: boolean }): Mailer {
  if (options.smtpUrl) {
    const transport = nodemailer.createTransport(options.smtpUrl);
    return {
      mailbox: null,
      async send(message) {
        await transport.sendMail({ from: options.from, to: message.to, subject: message.subject, text: message.text });
      },
    };
  }
  const mailbox: MailMessage[] = [];
  return {
    mailbox,
    async send(message) {
      mailbox.push({ ...message, sentAt: new Date() });
      // Keep the dev mailbox bounded.
      if (mailbox.length > 200) mailbox.shift();
      if (options.production) {
        options.log.warn({ mail: { kind: message.kind } }, 'email not sent (no SMTP_URL)');
        return;
      }
      options.log.info(
        { mail: { to: message.to, subject: message.subject, text: message.text } },
        'mail (no SMTP_URL)',
      );
    },
  };
}
