/**
 * The outbox: every e-mail and SMS Echo sends is written here in the caller's transaction and
 * delivered by a job (providers/mail and providers/sms are the senders).
 */
export {
  DELIVERY_DID_NOT_FINISH,
  OUTBOX_JOBS,
  SEND_RETRIES,
  sendOutboxBatchJob,
  sendOutboxFailedJob,
  sendOutboxJob,
} from './job-definitions.ts';
export {
  createSendOutboxFailedHandler,
  createSendOutboxHandler,
  outboxMessageId,
  registerOutboxJobs,
  type SendDeps,
  senderDomain,
} from './jobs.ts';
export { outboxRoutes } from './routes.ts';
export {
  BULK_BATCH,
  type BulkMessage,
  deleteOutboxFor,
  listOutbox,
  OUTBOX_RETENTION_DAYS,
  pruneOutbox,
  queueBulkMessages,
  queueEmail,
  queueSms,
} from './service.ts';
