import { codeErrors, feature } from './operation.ts';

export const TRANSCRIPTION = feature('Transcription and dashboard', 'public', {
  'POST /api/reaction-video/submit': [
    'submitVideo',
    'Submit a video link for transcription',
    {
      errors: ['rate_limited'],
      example: {
        link: 'https://www.youtube.com/watch?v=dQw4w9WgXcQ',
        source: 'Youtube',
        email: 'dana@example.com',
      },
    },
  ],
  'POST /api/content-results/request-access': [
    'requestDashboardCode',
    'E-mail a 6-digit dashboard code',
    { errors: ['rate_limited'] },
  ],
  'POST /api/content-results/verify-access': [
    'verifyDashboardCode',
    'Verify a dashboard code and start the session cookie',
    { errors: codeErrors },
  ],
  'POST /api/content-results/access': [
    'listAccessibleResults',
    'Transcription results of an address (full only for the signed-in address)',
    { access: 'optional-dashboard' },
  ],
  'GET /api/content-results/session': [
    'getDashboardSession',
    'The signed-in dashboard address, if any',
    { access: 'optional-dashboard' },
  ],
  'POST /api/content-results/sign-out': [
    'endDashboardSession',
    'Sign out of the dashboard',
    { access: 'optional-dashboard' },
  ],
  'DELETE /api/content-results/{id}': [
    'deleteContentResult',
    'Delete one of your transcription results',
    { access: 'dashboard' },
  ],
});
