import "server-only";
import type { Transporter } from "nodemailer";
import { config, type Config } from "@/lib/config";

// The SMTP adapter: one nodemailer transport for SMTP_URL, and nothing else. What to send and when
// is the marketplace's (lib/market/mail-buyers.ts). nodemailer is loaded by the first mail sent: a
// server without SMTP_URL never holds it (about 5 MB of heap).

export interface Mail {
  to: string;
  subject: string;
  text: string;
}

let transport: { url: string; transporter: Transporter } | undefined;

/** True when SMTP_URL is set: without it nothing is sent. */
export function mailConfigured(cfg: Config = config()): boolean {
  return Boolean(cfg.SMTP_URL);
}

export async function sendMail(mail: Mail, cfg: Config = config()): Promise<void> {
  const url = cfg.SMTP_URL;
  if (!url) throw new Error("SMTP_URL is not set");
  if (transport?.url !== url) {
    const { default: nodemailer } = await import("nodemailer");
    transport = {
      url,
      transporter: nodemailer.createTransport(url, {
        connectionTimeout: 10_000,
        greetingTimeout: 10_000,
        socketTimeout: 20_000,
      } as object),
    };
  }
  await transport.transporter.sendMail({ from: cfg.MAIL_FROM, to: mail.to, subject: mail.subject, text: mail.text });
}
