import { feature } from './operation.ts';

export const WAITLIST = feature('Waitlist', 'public', {
  'GET /api/waitlist/count': ['getWaitlistCount', 'How many people are on the waitlist'],
  'POST /api/waitlist': [
    'joinWaitlist',
    'Join the waitlist (a second signup of an address answers 200 alreadyExists)',
    {
      example: { name: 'Dana Reyes', email: 'dana@example.com', role: 'Creator', struggle: 'Finding time' },
    },
  ],
});
