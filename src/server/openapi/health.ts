import { feature } from './operation.ts';

export const HEALTH = feature('Health', 'public', {
  'GET /api/health': [
    'getHealth',
    'Service status; with an admin token also tools, providers and the checklist',
    { access: 'optional-admin' },
  ],
  'GET /api/capabilities': ['getCapabilities', 'What the transcription forms can do on this server'],
});
