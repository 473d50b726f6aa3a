import type { Actor } from '../../platform/access';
import type { ticketAttachments, tickets } from './tickets.tables';

// Small pure helpers of the ticket service: codes, amounts, which side an actor speaks for.

export type TicketRow = typeof tickets.$inferSelect;
type AttachmentRow = typeof ticketAttachments.$inferSelect;
export const MANAGE = 'EX-TICKET-MANAGE';
export const CREATE = 'EX-TICKET-CREATE';
export const DAY = 86_400_000;
export const usd = (cents: number) => Math.round(cents) / 100;
export const money = (cents: number) => `$${(cents / 100).toFixed(2)}`;
export const ticketCode = (n: number) => `TK-${String(n).padStart(6, '0')}`;

/** Which side of the conversation the actor speaks for on this ticket. */
export const sideOf = (actor: Actor, t: TicketRow): 'staff' | 'seller' => (actor.permissions.has(MANAGE) && actor.accountId !== t.accountId ? 'staff' : 'seller');

export const attachmentDto = (a: AttachmentRow) => ({ id: a.id, fileName: a.fileName, contentType: a.contentType, sizeBytes: a.sizeBytes, url: `/api/v1/tickets/attachments/${a.id}` });

export const PDF_MAGIC = Buffer.from('%PDF-');
