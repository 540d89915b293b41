import path from 'node:path';
import nodemailer from 'nodemailer';
import type Mail from 'nodemailer/lib/mailer';
import type { Logger } from '../kernel/deps';
import { ensurePrivateDir, writePrivateFileAsync } from '../kernel/private-files';

/**
 * Where mail goes. With SMTP_URL: nodemailer over SMTP, with timeouts below the outbox lease so a
 * hung server cannot hold a claim past it. Without: the embedded default writes each mail as an
 * .eml file under DATA_DIR/mail/ and logs its path, so a fresh machine shows what would be sent.
 * The file is named after the outbox entry, so a retried delivery overwrites, never duplicates.
 * The folder is 0700 and each file 0600 (backend/kernel/private-files.ts): a ticket mail holds a
 * signed ticket link.
 */
export interface MailTransport {
  kind: 'smtp' | 'files';
  send(message: Mail.Options, entryId: string): Promise<void>;
  close(): void;
}

export interface TransportConfig {
  smtpUrl: string | undefined;
  dataDir: string;
}

export function createMailTransport(config: TransportConfig, log: Logger): MailTransport {
  if (config.smtpUrl) {
    const smtp = nodemailer.createTransport({
      url: config.smtpUrl,
      connectionTimeout: 15_000,
      greetingTimeout: 15_000,
      socketTimeout: 60_000,
    });
    return {
      kind: 'smtp',
      async send(message) {
        await smtp.sendMail(message);
      },
      close: () => smtp.close(),
    };
  }
  const directory = path.join(config.dataDir, 'mail');
  const writer = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'windows' });
  return {
    kind: 'files',
    async send(message, entryId) {
      const info = await writer.sendMail(message);
      ensurePrivateDir(directory);
      const file = path.join(directory, `${entryId}.eml`);
      await writePrivateFileAsync(file, info.message as Buffer);
      log.info({ area: 'mail' }, `SMTP_URL is unset: wrote "${String(message.subject)}" for ${String(message.to)} to ${file}`);
    },
    close: () => writer.close(),
  };
}
