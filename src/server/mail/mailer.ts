import nodemailer from 'nodemailer';

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  sentAt: Date;
}

export interface Mailer {
  send(message: Omit<MailMessage, 'sentAt'>): Promise<void>;
  /** Messages kept when no SMTP server is configured (development and tests). */
  readonly mailbox: MailMessage[] | null;
}

interface Log {
  info(obj: object, msg: string): void;
}

/** SMTP when a URL is given; otherwise messages go to the log and a dev mailbox in memory. */
export function createMailer(options: { smtpUrl?: string; from: string; log: Log }): Mailer {
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
      options.log.info(
        { mail: { to: message.to, subject: message.subject, text: message.text } },
        'mail (no SMTP_URL)',
      );
    },
  };
}
