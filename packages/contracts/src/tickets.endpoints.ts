import { z } from 'zod';
import { defineEndpoint } from './endpoint';
import { dateFilterField, idField, keywordQueryField, pageField, withDateRange } from './fields';
import {
  CLAIM_REASONS,
  ClaimEligibilitySchema,
  SlaTargetSchema,
  TICKET_ATTACHMENT_FIELD,
  TICKET_ATTACHMENT_TYPES,
  TICKET_LIMITS,
  TICKET_STATUSES,
  TICKET_SUPPORT_FOR,
  TICKET_TYPES,
  TicketAttachmentSchema,
  TicketDetailSchema,
  TicketParamsSchema,
  TicketSchema,
  attachmentIdsField,
  claimAmountField,
  ticketContentField,
  ticketReasonField,
  ticketSubjectField,
} from './tickets';

// Support tickets and claims (docs/tickets-and-claims.md). A seller sees its own account's tickets;
// staff (EX-TICKET-MANAGE with every account in view) see all, answer, change status, decide claims.
const tags = ['tickets'];
const view = 'EX_VIEW_TICKET' as const;
const create = 'EX-TICKET-CREATE' as const;
const manage = 'EX-TICKET-MANAGE' as const;

export const ListTicketsEndpoint = defineEndpoint({
  method: 'GET', path: '/tickets', access: view, summary: 'Tickets',
  description: 'Newest first, with a count per status tab. SPEC §3 filters: `search` (code, subject, order), `tab` (default all), `startDate` (default 30 days back), `endDate`, `supportFor`, `subject` (type).',
  operationId: 'listTickets', tags,
  query: withDateRange(
    z.object({
      pageIndex: pageField(),
      pageSize: z.coerce.number({ error: 'validation.number' }).int('validation.number').min(1, 'validation.pageSize').max(100, 'validation.pageSize').default(10),
      tab: z.enum(['all', ...TICKET_STATUSES]).default('all'),
      search: keywordQueryField(),
      startDate: z.preprocess((v) => (v === '' ? undefined : v), dateFilterField().optional()),
      endDate: z.preprocess((v) => (v === '' ? undefined : v), dateFilterField().optional()),
      supportFor: z.enum(TICKET_SUPPORT_FOR).optional(),
      subject: z.enum(TICKET_TYPES).optional(),
    }),
    'startDate',
    'endDate',
  ),
  reply: z.object({
    items: z.array(TicketSchema()),
    total: z.number(),
    pageIndex: z.number(),
    pageSize: z.number(),
    counts: z.record(z.string(), z.number()),
  }),
});

export const GetTicketEndpoint = defineEndpoint({
  method: 'GET', path: '/tickets/:id', access: view, summary: 'A ticket with its thread',
  description: 'Marks the thread read for the caller.', operationId: 'getTicket', tags, params: TicketParamsSchema(), reply: TicketDetailSchema(), errors: [404],
});

export const UploadTicketAttachmentEndpoint = defineEndpoint({
  method: 'POST', path: '/tickets/attachments', access: view, summary: 'Upload one attachment for a ticket or a reply',
  description: 'multipart/form-data with `file`: a JPG, PNG (re-encoded) or PDF under 5 MB, recognised by its bytes. The reply\'s id goes in `attachmentIds` of a new ticket or a reply (up to 5).',
  operationId: 'uploadTicketAttachment', tags,
  multipart: { field: TICKET_ATTACHMENT_FIELD, description: 'An image or PDF under 5 MB', accept: [...TICKET_ATTACHMENT_TYPES] },
  reply: TicketAttachmentSchema(), status: 201, errors: [413, 429],
});

export const GetTicketAttachmentEndpoint = defineEndpoint({
  method: 'GET', path: '/tickets/attachments/:id', access: view, summary: 'An attachment (its account and staff only)',
  operationId: 'getTicketAttachment', tags, params: TicketParamsSchema(), reply: { binary: 'application/octet-stream', description: 'The file' }, errors: [404],
});

export const CreateTicketEndpoint = defineEndpoint({
  method: 'POST', path: '/tickets', access: create, summary: 'Open a ticket (a claim is a ticket of type claim)',
  description: `subject ≤ ${TICKET_LIMITS.subjectMax}, content ≤ ${TICKET_LIMITS.contentMax}, up to ${TICKET_LIMITS.attachmentsMax} attachments. A claim names one order and a reason; its eligibility and notice window are checked (422 CLAIM_NOT_ELIGIBLE naming the deadline). Staff acting for customers name the seller in customerId (404 CUSTOMER_NOT_FOUND); the order must be that seller's.`,
  operationId: 'createTicket', tags,
  body: z.object({
    type: z.enum(TICKET_TYPES),
    subject: ticketSubjectField(),
    content: ticketContentField(),
    orderId: idField().optional(),
    topUpId: idField().optional(),
    claimReason: z.enum(CLAIM_REASONS).optional(),
    attachmentIds: attachmentIdsField(),
    /** Staff acting for customers open the ticket in this seller's account (its orders only); ignored for sellers. */
    customerId: idField().optional(),
  }),
  reply: TicketDetailSchema(), status: 201, message: 'ticket.created', errors: [404, 409, 422],
});

export const ReplyTicketEndpoint = defineEndpoint({
  method: 'POST', path: '/tickets/:id/messages', access: view, summary: 'Reply in a ticket\'s thread',
  description: 'A seller needs EX-TICKET-CREATE, staff EX-TICKET-MANAGE. A closed ticket takes no reply (409).',
  operationId: 'replyTicket', tags, params: TicketParamsSchema(),
  body: z.object({ content: ticketContentField(), attachmentIds: attachmentIdsField() }),
  reply: TicketDetailSchema(), status: 201, message: 'ticket.replied', errors: [404, 409],
});

export const ChangeTicketStatusEndpoint = defineEndpoint({
  method: 'POST', path: '/tickets/:id/status', access: manage, summary: 'Change a ticket\'s status (staff)',
  operationId: 'changeTicketStatus', tags, params: TicketParamsSchema(),
  body: z.object({ status: z.enum(TICKET_STATUSES) }),
  reply: TicketDetailSchema(), message: 'ticket.statusChanged', errors: [404, 409],
});

export const AssignTicketEndpoint = defineEndpoint({
  method: 'POST', path: '/tickets/:id/assign', access: manage, summary: 'Assign a ticket to a staff member (null: nobody)',
  operationId: 'assignTicket', tags, params: TicketParamsSchema(),
  body: z.object({ assigneeId: idField().nullable() }),
  reply: TicketDetailSchema(), message: 'ticket.assigned', errors: [404, 422],
});

export const RateTicketEndpoint = defineEndpoint({
  method: 'POST', path: '/tickets/:id/rating', access: create, summary: 'Rate a resolved ticket 1–5 (the seller)',
  operationId: 'rateTicket', tags, params: TicketParamsSchema(),
  body: z.object({ rating: z.number({ error: 'validation.required' }).int('validation.ticket.rating').min(1, 'validation.ticket.rating').max(5, 'validation.ticket.rating'), reason: ticketReasonField().default('') }),
  reply: TicketDetailSchema(), message: 'ticket.rated', errors: [404, 409],
});

export const ClaimEligibilityEndpoint = defineEndpoint({
  method: 'GET', path: '/tickets/claims/eligibility', access: create, summary: 'Can this order be claimed for this reason, and for how much',
  operationId: 'claimEligibility', tags,
  query: z.object({ orderId: idField(), reason: z.enum(CLAIM_REASONS) }),
  reply: ClaimEligibilitySchema(), errors: [404],
});

export const DecideClaimEndpoint = defineEndpoint({
  method: 'POST', path: '/tickets/:id/claim/decision', access: manage, summary: 'Approve (full or partial) or reject a claim',
  description: 'An approval pays the seller\'s wallet (transaction type `compensation`) in the same transaction, once: a second decision is 409 CLAIM_ALREADY_DECIDED. A partial amount is below the proposal and needs a reason; no amount may pass the cap.',
  operationId: 'decideClaim', tags, params: TicketParamsSchema(),
  body: z.object({
    decision: z.enum(['approve', 'partial', 'reject']),
    amount: claimAmountField().optional(),
    reason: ticketReasonField().default(''),
  }),
  reply: TicketDetailSchema(), message: 'claim.decided', errors: [404, 409, 422],
});

export const GetSlaTargetsEndpoint = defineEndpoint({
  method: 'GET', path: '/tickets/sla-targets', access: manage, summary: 'Service levels per ticket type',
  operationId: 'getTicketSlaTargets', tags, reply: z.array(SlaTargetSchema()),
});

export const UpdateSlaTargetsEndpoint = defineEndpoint({
  method: 'PUT', path: '/tickets/sla-targets', access: manage, summary: 'Change the service levels per ticket type',
  operationId: 'updateTicketSlaTargets', tags, description: 'Staff send the types they change (each at most once); the others keep their targets. Answers every type\'s target.',
  body: z.object({
    targets: z
      .array(SlaTargetSchema())
      .min(1, 'validation.required')
      .refine((list) => new Set(list.map((t) => t.type)).size === list.length, 'validation.ticket.slaDuplicateType'),
  }),
  reply: z.array(SlaTargetSchema()), message: 'ticket.slaSaved',
});

export const SlaReportEndpoint = defineEndpoint({
  method: 'GET', path: '/tickets/sla-report', access: manage, summary: 'Service-level breaches in a period, per ticket type',
  operationId: 'ticketSlaReport', tags,
  query: withDateRange(z.object({ startDate: dateFilterField().optional(), endDate: dateFilterField().optional() }), 'startDate', 'endDate'),
  reply: z.array(z.object({ type: z.enum(TICKET_TYPES), tickets: z.number(), firstResponseBreaches: z.number(), resolutionBreaches: z.number() })),
});
