import { SMTPServer } from "smtp-server";
import type { AddressInfo } from "node:net";

interface ReceivedMail {
  to: string[];
  raw: string;
}

/**
 * A real SMTP server on a free loopback port. `failNext` makes the next messages fail with
 * the given reply codes (421 for a temporary failure, 550 for a permanent one).
 */
export async function startSmtpServer() {
  const received: ReceivedMail[] = [];
  const failures: number[] = [];
  const refusedRecipients = new Set<string>();
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ["STARTTLS"],
    logger: false,
    // A mailbox that does not exist: refused at RCPT TO, as receiving servers do.
    onRcptTo(address, _session, callback) {
      if (!refusedRecipients.has(address.address.toLowerCase())) return callback();
      callback(Object.assign(new Error("5.1.1 No such user here"), { responseCode: 550 }) as Error);
    },
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on("data", (chunk: Buffer) => chunks.push(chunk));
      stream.on("end", () => {
        const code = failures.shift();
        if (code) {
          const error = Object.assign(
            new Error(code >= 500 ? "Mailbox unavailable" : "Try again later"),
            {
              responseCode: code,
            },
          );
          return callback(error);
        }
        received.push({
          to: session.envelope.rcptTo.map((r) => r.address),
          raw: Buffer.concat(chunks).toString("utf8"),
        });
        callback();
      });
    },
  });
  // A client that dies mid-conversation (an instance the cluster drill kills) resets its
  // connection; a real mail server carries on, and so does this one, rather than crash its process.
  server.on("error", (error: NodeJS.ErrnoException) => {
    if (error.code !== "ECONNRESET") throw error;
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const port = (server.server.address() as AddressInfo).port;
  return {
    url: `smtp://127.0.0.1:${port}`,
    received,
    failNext: (...codes: number[]) => failures.push(...codes),
    /** Refuses this address at RCPT TO with 550 5.1.1 from now on. */
    refuseRecipient: (address: string) => refusedRecipients.add(address.toLowerCase()),
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
