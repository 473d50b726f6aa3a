import { eq } from 'drizzle-orm';
import nodemailer from 'nodemailer';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from './db';
import type { Jobs } from './jobs';
import { mailOutbox } from './platform.tables';

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
}

export const MAIL_DELIVER_JOB = 'mail.deliver';

/**
 * Every email goes to the outbox table first (so staff can see it and nothing is lost),
 * then a job delivers it by SMTP when SMTP_URL is set, with pg-boss retries on failure.
 */
export class Mailer {
  private readonly transport?: nodemailer.Transporter;

  constructor(
    private readonly db: Db,
    private readonly jobs: Jobs,
    private readonly log: FastifyBaseLogger,
    private readonly opts: { smtpUrl?: string; from: string },
  ) {
    if (opts.smtpUrl) this.transport = nodemailer.createTransport(opts.smtpUrl);
    jobs.register<{ id: string }>(MAIL_DELIVER_JOB, (data) => this.deliver(data.id), { description: 'Deliver one queued email' });
  }

  async send(message: MailMessage): Promise<string> {
    const [row] = await this.db
      .insert(mailOutbox)
      .values({ toAddress: message.to, subject: message.subject, text: message.text, status: this.transport ? 'queued' : 'kept' })
      .returning({ id: mailOutbox.id });
    if (this.transport) {
      await this.jobs.send(MAIL_DELIVER_JOB, { id: row!.id });
    } else {
      // Without SMTP (a local install) the text is logged too, so verification and reset links can be
      // followed; in production the links stay out of the logs.
      const text = process.env.NODE_ENV === 'production' ? undefined : message.text;
      this.log.info({ to: message.to, subject: message.subject, text }, 'mail kept in the outbox (SMTP_URL is not set)');
    }
    return row!.id;
  }

  async deliver(id: string): Promise<void> {
    const [row] = await this.db.select().from(mailOutbox).where(eq(mailOutbox.id, id));
    if (!row || row.status === 'sent' || !this.transport) return;
    try {
      await this.transport.sendMail({ from: this.opts.from, to: row.toAddress, subject: row.subject, text: row.text });
      await this.db.update(mailOutbox).set({ status: 'sent', sentAt: new Date(), attempts: row.attempts + 1, lastError: null }).where(eq(mailOutbox.id, id));
    } catch (err) {
      await this.db
        .update(mailOutbox)
        .set({ status: 'failed', attempts: row.attempts + 1, lastError: String((err as Error).message).slice(0, 500) })
        .where(eq(mailOutbox.id, id));
      throw err; // pg-boss retries with backoff
    }
  }

  close(): void {
    this.transport?.close();
  }
}
