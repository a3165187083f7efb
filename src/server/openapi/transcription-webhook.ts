import { feature } from './operation.ts';

export const TRANSCRIPTION_WEBHOOK = feature('Transcription webhook', 'public', {
  'GET /api/webhook/test': ['getWebhookSetup', 'Where to send transcripts, and how to sign them'],
  'POST /api/webhook/test/dry-run': ['runWebhookDryRun', 'Send a signed test delivery to the webhook'],
  'POST /api/webhook/transcription-complete': [
    'completeTranscription',
    'Deliver a finished transcript (Standard Webhooks signature)',
    { errors: ['malformed_request', 'signature_invalid', 'not_found', 'conflict'] },
  ],
});
