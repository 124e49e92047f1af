import { mkdir, writeFile } from "node:fs/promises";
import path from "node:path";
import nodemailer, { type Transporter } from "nodemailer";

interface MailEnvelope {
  id: string;
  from: string;
  to: string;
  subject: string;
  html: string;
  text: string;
  /** Extra headers (List-Unsubscribe and List-Unsubscribe-Post on marketing mail). */
  headers?: Record<string, string>;
  /** An iCalendar invite (VCALENDAR text with its METHOD), sent as the text/calendar part. */
  calendar?: string | null;
}

export interface MailTransport {
  readonly kind: "smtp" | "mailbox";
  send(message: MailEnvelope): Promise<void>;
  close(): void;
}

function toNodemailer(message: MailEnvelope) {
  return {
    from: message.from,
    to: message.to,
    subject: message.subject,
    html: message.html,
    text: message.text,
    messageId: `<${message.id}@fromscratchtosuccess.mail>`,
    headers: message.headers,
    icalEvent: message.calendar
      ? { method: calendarMethod(message.calendar), content: message.calendar }
      : undefined,
  };
}

/** The METHOD line of an invite (REQUEST, CANCEL…), which mail clients read from the part too. */
function calendarMethod(calendar: string): string {
  return /^METHOD:([A-Z-]+)\r?$/m.exec(calendar)?.[1] ?? "PUBLISH";
}

export function smtpTransport(url: string): MailTransport {
  const transporter: Transporter = nodemailer.createTransport(url);
  return {
    kind: "smtp",
    async send(message) {
      await transporter.sendMail(toNodemailer(message));
    },
    close: () => transporter.close(),
  };
}

export const MAILBOX_SUBDIR = "mail";

/** Where the local mailbox keeps messages, or null when mail goes out over SMTP. */
export function localMailboxDir(config: {
  smtpUrl: string | undefined;
  dataDir: string;
}): string | null {
  return config.smtpUrl ? null : path.join(config.dataDir, MAILBOX_SUBDIR);
}

/** The local mailbox: each message as an .eml file, readable by any mail client. */
function mailboxTransport(dataDir: string): MailTransport {
  const dir = path.join(dataDir, MAILBOX_SUBDIR);
  const transporter = nodemailer.createTransport({
    streamTransport: true,
    buffer: true,
    newline: "unix",
  });
  return {
    kind: "mailbox",
    async send(message) {
      const info = await transporter.sendMail(toNodemailer(message));
      await mkdir(dir, { recursive: true });
      const stamp = new Date().toISOString().replace(/[:.]/g, "-");
      await writeFile(path.join(dir, `${stamp}-${message.id}.eml`), info.message as Buffer);
    },
    close: () => transporter.close(),
  };
}

export function createTransport(config: {
  smtpUrl: string | undefined;
  dataDir: string;
}): MailTransport {
  return config.smtpUrl ? smtpTransport(config.smtpUrl) : mailboxTransport(config.dataDir);
}
