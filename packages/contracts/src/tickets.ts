import { z } from 'zod';
import { idField, isWholeCents, multilineTextField, textField } from './fields';

// Support tickets and claims (docs/tickets-and-claims.md): limits, statuses and the reply schemas,
// built by the descriptors in tickets.endpoints.ts. Keep zod calls inside schema factories.

/** SPEC §5: subject ≤ 255, content ≤ 1000, reason ≤ 255; up to 5 attachments (images or PDF). */
export const TICKET_LIMITS = {
  subjectMax: 255,
  contentMax: 1000,
  reasonMax: 255,
  attachmentsMax: 5,
  attachmentMaxBytes: 5 * 1024 * 1024,
  /** SPEC §9: a ticket list opens on the last 30 days. */
  defaultRangeDays: 30,
  /** A resolved ticket without a reply is closed after 7 days. */
  autoCloseDays: 7,
} as const;

export const TICKET_TYPES = ['order', 'claim', 'billing', 'account', 'technical', 'other'] as const;
export type TicketType = (typeof TICKET_TYPES)[number];

/** SPEC §4 ticket statuses. */
export const TICKET_STATUSES = ['open', 'pending', 'resolving', 'resolved', 'closed', 'overdue'] as const;
export type TicketStatus = (typeof TICKET_STATUSES)[number];

/** What a ticket is about (SPEC §3 list filter `supportFor`). */
export const TICKET_SUPPORT_FOR = ['order', 'topUp', 'none'] as const;
export type TicketSupportFor = (typeof TICKET_SUPPORT_FOR)[number];

export const CLAIM_REASONS = ['lost', 'late', 'damaged', 'missing'] as const;
export type ClaimReason = (typeof CLAIM_REASONS)[number];

export const CLAIM_STATUSES = ['submitted', 'approved', 'partial', 'rejected'] as const;
export type ClaimStatus = (typeof CLAIM_STATUSES)[number];

/** The attachment's form field of the multipart upload. */
export const TICKET_ATTACHMENT_FIELD = 'file';
export const TICKET_ATTACHMENT_TYPES = ['image/jpeg', 'image/png', 'application/pdf'] as const;

/** The bounds of a service level: a first answer within 1–30 working days, a resolution within 1–90 days. */
export const SLA_LIMITS = { firstResponseMin: 1, firstResponseMax: 30, resolutionMin: 1, resolutionMax: 90 } as const;

/** A service level per ticket type: first response in working days, resolution in working or calendar days. */
export const SlaTargetSchema = () =>
  z.object({
    type: z.enum(TICKET_TYPES),
    firstResponseWorkingDays: z.number({ error: 'validation.number' }).int('validation.ticket.slaFirstResponse').min(SLA_LIMITS.firstResponseMin, 'validation.ticket.slaFirstResponse').max(SLA_LIMITS.firstResponseMax, 'validation.ticket.slaFirstResponse'),
    resolutionDays: z.number({ error: 'validation.number' }).int('validation.ticket.slaResolution').min(SLA_LIMITS.resolutionMin, 'validation.ticket.slaResolution').max(SLA_LIMITS.resolutionMax, 'validation.ticket.slaResolution'),
    resolutionUnit: z.enum(['working', 'calendar']),
  });
export type SlaTarget = z.infer<ReturnType<typeof SlaTargetSchema>>;

/**
 * Defaults: SPEC §9 "complaint resolution within 15 calendar days" for claims; one working day to a
 * first answer; other tickets resolved within 5 working days. Staff change them in the settings.
 */
export const DEFAULT_SLA_TARGETS: readonly SlaTarget[] = TICKET_TYPES.map((type) =>
  type === 'claim'
    ? { type, firstResponseWorkingDays: 1, resolutionDays: 15, resolutionUnit: 'calendar' as const }
    : { type, firstResponseWorkingDays: 1, resolutionDays: 5, resolutionUnit: 'working' as const },
);

export const ticketSubjectField = () => textField().trim().min(1, 'validation.required').max(TICKET_LIMITS.subjectMax, 'validation.ticket.subjectMax');
export const ticketContentField = () => multilineTextField().trim().min(1, 'validation.required').max(TICKET_LIMITS.contentMax, 'validation.ticket.contentMax');
export const ticketReasonField = () => multilineTextField().trim().max(TICKET_LIMITS.reasonMax, 'validation.ticket.reasonMax');
export const attachmentIdsField = () => z.array(textField().uuid('validation.id.invalid')).max(TICKET_LIMITS.attachmentsMax, 'validation.ticket.attachmentsMax').default([]);

/** A USD amount above 0 with at most 2 decimals. */
export const claimAmountField = () =>
  z
    .number({ error: (iss) => (iss.input === undefined || iss.input === null ? 'validation.required' : 'validation.number') })
    .gt(0, 'validation.claim.amountMin')
    .refine(isWholeCents, { message: 'validation.topUp.amountCents' });

export const TicketAttachmentSchema = () =>
  z.object({ id: z.string(), fileName: z.string(), contentType: z.string(), sizeBytes: z.number(), url: z.string() });
export type TicketAttachment = z.infer<ReturnType<typeof TicketAttachmentSchema>>;

export const TicketMessageSchema = () =>
  z.object({
    id: z.string(),
    authorId: z.string().nullable(),
    authorEmail: z.string().nullable(),
    /** `staff` or `seller`: which side wrote it. */
    side: z.enum(['staff', 'seller', 'system']),
    content: z.string(),
    attachments: z.array(TicketAttachmentSchema()),
    createdAt: z.string(),
  });
export type TicketMessage = z.infer<ReturnType<typeof TicketMessageSchema>>;

export const ClaimSchema = () =>
  z.object({
    id: z.string(),
    orderId: z.string(),
    exOrderId: z.string(),
    reason: z.enum(CLAIM_REASONS),
    status: z.enum(CLAIM_STATUSES),
    /** What the domain proposes (USD) and the most staff may approve. */
    proposedAmount: z.number(),
    capAmount: z.number(),
    approvedAmount: z.number().nullable(),
    decisionReason: z.string().nullable(),
    transactionId: z.string().nullable(),
    decidedAt: z.string().nullable(),
    noticeDeadline: z.string(),
  });
export type Claim = z.infer<ReturnType<typeof ClaimSchema>>;

export const SlaStateSchema = () =>
  z.object({
    firstResponseDueAt: z.string().nullable(),
    resolutionDueAt: z.string().nullable(),
    /** Milliseconds left to the nearer target still running (negative when missed); null once resolved. */
    msLeft: z.number().nullable(),
    paused: z.boolean(),
    breached: z.boolean(),
  });
export type SlaState = z.infer<ReturnType<typeof SlaStateSchema>>;

export const TicketSchema = () =>
  z.object({
    id: z.string(),
    code: z.string(),
    accountId: z.string(),
    customerEmail: z.string().nullable(),
    type: z.enum(TICKET_TYPES),
    supportFor: z.enum(TICKET_SUPPORT_FOR),
    orderId: z.string().nullable(),
    exOrderId: z.string().nullable(),
    topUpId: z.string().nullable(),
    subject: z.string(),
    content: z.string(),
    status: z.enum(TICKET_STATUSES),
    assigneeId: z.string().nullable(),
    assigneeEmail: z.string().nullable(),
    rating: z.number().nullable(),
    ratingReason: z.string().nullable(),
    /** Messages the caller has not read yet. */
    unread: z.number(),
    sla: SlaStateSchema(),
    claim: ClaimSchema().nullable(),
    createdAt: z.string(),
    updatedAt: z.string(),
  });
export type Ticket = z.infer<ReturnType<typeof TicketSchema>>;

export const TicketDetailSchema = () => TicketSchema().extend({ messages: z.array(TicketMessageSchema()), attachments: z.array(TicketAttachmentSchema()) });
export type TicketDetail = z.infer<ReturnType<typeof TicketDetailSchema>>;

export const ClaimEligibilitySchema = () =>
  z.object({
    eligible: z.boolean(),
    /** A message key (`claim.*`) saying why not, with its values. */
    message: z.string().nullable(),
    /** The message's values; dates are ISO instants, shown as a day (DD-MM-YYYY) in the reader's time zone. */
    vars: z.record(z.string(), z.string()),
    deadline: z.string().nullable(),
    proposedAmount: z.number(),
    capAmount: z.number(),
  });
export type ClaimEligibilityReply = z.infer<ReturnType<typeof ClaimEligibilitySchema>>;

/** The `{id}` of a ticket route. */
export const TicketParamsSchema = () => z.object({ id: idField() });
