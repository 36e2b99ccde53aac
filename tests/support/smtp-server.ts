// A local SMTP server (the smtp-server package) that keeps every message it accepts, for the mail
// tests; `refusing` makes it answer every recipient with a permanent error.
import type { AddressInfo } from "node:net";
import { SMTPServer } from "smtp-server";

export interface ReceivedMail {
  from: string;
  to: string[];
  raw: string;
}

export interface SmtpTestServer {
  url: string;
  messages: ReceivedMail[];
  setRefusing(refusing: boolean): void;
  close(): Promise<void>;
}

export async function startSmtpServer(): Promise<SmtpTestServer> {
  const messages: ReceivedMail[] = [];
  let refusing = false;
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ["STARTTLS", "AUTH"],
    logger: false,
    onRcptTo(address, _session, callback) {
      if (refusing) return callback(Object.assign(new Error("mailbox unavailable"), { responseCode: 550 }));
      callback();
    },
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on("data", (chunk: Buffer) => chunks.push(chunk));
      stream.on("end", () => {
        messages.push({
          from: session.envelope.mailFrom ? session.envelope.mailFrom.address : "",
          to: session.envelope.rcptTo.map((r) => r.address),
          raw: Buffer.concat(chunks).toString("utf8"),
        });
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const port = (server.server.address() as AddressInfo).port;
  return {
    url: `smtp://127.0.0.1:${port}`,
    messages,
    setRefusing: (next) => {
      refusing = next;
    },
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}
