import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  AssignTicketEndpoint,
  ChangeTicketStatusEndpoint,
  ClaimEligibilityEndpoint,
  CreateTicketEndpoint,
  DecideClaimEndpoint,
  GetSlaTargetsEndpoint,
  GetTicketAttachmentEndpoint,
  GetTicketEndpoint,
  ListTicketsEndpoint,
  RateTicketEndpoint,
  ReplyTicketEndpoint,
  SlaReportEndpoint,
  TICKET_LIMITS,
  UpdateSlaTargetsEndpoint,
  UploadTicketAttachmentEndpoint,
} from '@exship/contracts';
import { authOf } from '../../platform/auth';
import { route } from '../../platform/endpoints';
import { readUpload, registerUploads } from '../../platform/storage';
import type { TicketService } from './tickets.service';

/** SPEC §5: attachments under 5 MB. */
const ATTACHMENT_MAX_BYTES = TICKET_LIMITS.attachmentMaxBytes - 1;

/** Tickets and claims: parse (contract), authorize (permission), call the use case. */
export const ticketRoutes =
  (tickets: TicketService): FastifyPluginAsyncZod =>
  async (app) => {
    await registerUploads(app, ATTACHMENT_MAX_BYTES);
    route(app, ListTicketsEndpoint, (req) => tickets.list(authOf(req), req.query));
    route(app, GetSlaTargetsEndpoint, () => tickets.targets());
    route(app, UpdateSlaTargetsEndpoint, (req) => tickets.updateTargets(req.body.targets));
    route(app, SlaReportEndpoint, (req) => tickets.slaReport(authOf(req), req.query));
    route(app, ClaimEligibilityEndpoint, (req) => tickets.eligibility(authOf(req), req.query.orderId, req.query.reason));
    route(app, UploadTicketAttachmentEndpoint, async (req) => tickets.upload(authOf(req), await readUpload(req, ATTACHMENT_MAX_BYTES)));
    route(app, GetTicketAttachmentEndpoint, async (req, reply) => {
      const file = await tickets.attachment(authOf(req), req.params.id);
      return reply
        .header('content-type', file.contentType)
        .header('content-disposition', `${file.contentType === 'application/pdf' ? 'attachment' : 'inline'}; filename="${file.fileName.replace(/"/g, '')}"`)
        .header('x-content-type-options', 'nosniff')
        .header('cache-control', 'private, max-age=3600')
        .send(file.data);
    });
    route(app, GetTicketEndpoint, (req) => tickets.get(authOf(req), req.params.id));
    route(app, CreateTicketEndpoint, (req) => tickets.create(authOf(req), req.body));
    route(app, ReplyTicketEndpoint, (req) => tickets.reply(authOf(req), req.params.id, req.body));
    route(app, ChangeTicketStatusEndpoint, (req) => tickets.changeStatus(authOf(req), req.params.id, req.body.status));
    route(app, AssignTicketEndpoint, (req) => tickets.assign(authOf(req), req.params.id, req.body.assigneeId));
    route(app, RateTicketEndpoint, (req) => tickets.rate(authOf(req), req.params.id, req.body.rating, req.body.reason));
    route(app, DecideClaimEndpoint, (req) => tickets.decideClaim(authOf(req), req.params.id, req.body));
  };
