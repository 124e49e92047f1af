import type { MailTransport } from "../../app/mail/transport.server";

/**
 * A mail transport that takes `ms` to send each message, to stop a worker while an email is in
 * flight: `sending` settles when the first send starts, `delivered` lists the sends that finished.
 */
export function slowMailTransport(ms: number) {
  let started!: () => void;
  const sending = new Promise<void>((resolve) => (started = resolve));
  const delivered: string[] = [];
  const transport: MailTransport = {
    kind: "smtp",
    async send(message) {
      started();
      await new Promise((resolve) => setTimeout(resolve, ms));
      delivered.push(message.to);
    },
    close() {},
  };
  return { transport, sending, delivered };
}
