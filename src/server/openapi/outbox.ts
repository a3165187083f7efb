import { feature } from './operation.ts';

export const OUTBOX = feature('Outbox', 'admin', {
  'GET /api/admin/outbox': ['listOutboxMessages', 'Every e-mail and SMS sent or queued, newest first'],
});
