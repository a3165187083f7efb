/**
 * The outbox: every e-mail and SMS Echo sends is written here in the caller's transaction and
 * delivered by a job (providers/mail and providers/sms are the senders).
 */
export {
  createSendOutboxFailedHandler,
  createSendOutboxHandler,
  DELIVERY_DID_NOT_FINISH,
  OUTBOX_JOBS,
  registerOutboxJobs,
  SEND_RETRIES,
  type SendDeps,
  sendOutboxFailedJob,
  sendOutboxJob,
} from './jobs.ts';
export { outboxRoutes } from './routes.ts';
export { listOutbox, queueEmail, queueSms } from './service.ts';
