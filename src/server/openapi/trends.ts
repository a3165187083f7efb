import { feature } from './operation.ts';

export const TRENDS = feature('Trends', 'optional-admin', {
  'GET /api/trends': ['listTrends', 'List trends (a page with ?limit and ?cursor, else up to 500)'],
  'POST /api/trends': [
    'createTrend',
    'Add a trend by its TikTok, Instagram or YouTube link (an existing one answers 200)',
    { example: { source: 'https://www.youtube.com/watch?v=dQw4w9WgXcQ' } },
  ],
  'POST /api/trends/{id}/process': [
    'processTrend',
    'Analyse a trend again',
    { errors: ['malformed_request'] },
  ],
  'DELETE /api/trends/{id}': ['deleteTrend', 'Delete a trend you added', { errors: ['forbidden'] }],
});
