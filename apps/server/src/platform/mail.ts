import { eq } from 'drizzle-orm';
import nodemailer from 'nodemailer';
import { z } from 'zod';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from './db';
import { defineJob, type Jobs } from './jobs';
import { mailOutbox } from './platform.tables';

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  /** The HTML part, sent beside the text part (modules/emails renders both from the mail's template). */
  html?: string;
}

export const MAIL_DELIVER_JOB = 'mail.deliver';
export const MailDeliverJob = defineJob(MAIL_DELIVER_JOB, z.object({ id: z.string().uuid() }));

/** Put in place of a one-time link once the mail is delivered. */
export const REDACTED_LINK = '[link removed after delivery]';

/**
 * A delivered mail keeps no live one-time link in the outbox. A link counts as one when it
 * carries a token (a run of 32 or more URL-safe characters); plain links such as the sign-in page stay.
 */
export function redactLinks(text: string): string {
  // Quotes and angle brackets end a link, so a link in an HTML attribute or element is found too.
  return text.replace(/https?:\/\/[^\s"'<>]+/g, (url) => (/[A-Za-z0-9_-]{32,}/.test(url) ? REDACTED_LINK : url));
}

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
    private readonly opts: { smtpUrl?: string; from: string; production?: boolean },
  ) {
    if (opts.smtpUrl) this.transport = nodemailer.createTransport(opts.smtpUrl);
    jobs.register(MailDeliverJob, (data) => this.deliver(data.id), { description: 'Deliver one queued email' });
  }

  /**
   * Keeps the mail and queues its delivery. With `tx` both are written in the caller's transaction
   * (an event handler's, so a retried handler cannot send the same mail twice).
   */
  async send(message: MailMessage, opts: { tx?: Db } = {}): Promise<string> {
    const [row] = await (opts.tx ?? this.db)
      .insert(mailOutbox)
      .values({ toAddress: message.to, subject: message.subject, text: message.text, html: message.html ?? null, status: this.transport ? 'queued' : 'kept' })
      .returning({ id: mailOutbox.id });
    if (this.transport) {
      await this.jobs.send(MailDeliverJob, { id: row!.id }, { tx: opts.tx });
    } else {
      // Without SMTP (a local install) the text is logged too, so verification and reset links can be
      // followed; in production neither the text nor its links are ever logged.
      if (this.production) this.log.info({ to: message.to, subject: message.subject }, 'mail kept in the outbox (SMTP_URL is not set)');
      else this.log.info({ to: message.to, subject: message.subject, text: message.text }, 'mail kept in the outbox (SMTP_URL is not set)');
    }
    return row!.id;
  }

  async deliver(id: string): Promise<void> {
    const [row] = await this.db.select().from(mailOutbox).where(eq(mailOutbox.id, id));
    if (!row || row.status === 'sent' || !this.transport) return;
    try {
      await this.transport.sendMail({ from: this.opts.from, to: row.toAddress, subject: row.subject, text: row.text, ...(row.html ? { html: row.html } : {}) });
      // Delivered: the one-time links live on only in the recipient's mailbox.
      await this.db
        .update(mailOutbox)
        .set({ status: 'sent', sentAt: new Date(), attempts: row.attempts + 1, lastError: null, text: redactLinks(row.text), html: row.html && redactLinks(row.html) })
        .where(eq(mailOutbox.id, id));
    } catch (err) {
      await this.db
        .update(mailOutbox)
        .set({ status: 'failed', attempts: row.attempts + 1, lastError: String((err as Error).message).slice(0, 500) })
        .where(eq(mailOutbox.id, id));
      throw err; // pg-boss retries with backoff
    }
  }

  private get production(): boolean {
    return this.opts.production ?? process.env.NODE_ENV === 'production';
  }

  close(): void {
    this.transport?.close();
  }
}
