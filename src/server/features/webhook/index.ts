/** The signed transcription webhook (Standard Webhooks) and its test page's dry run. */
export { webhookRoutes } from './routes.ts';
export { ensureWebhookSecret, webhookSecret } from './secret.service.ts';
export { WEBHOOK_PATH } from './service.ts';
export {
  generateWebhookSecret,
  signWebhook,
  verifyWebhook,
  WEBHOOK_TOLERANCE_SECONDS,
  webhookHeaders,
} from './signature.ts';
