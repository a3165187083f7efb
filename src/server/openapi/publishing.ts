import { feature } from './operation.ts';

export const PUBLISHING = feature('Publishing', 'dashboard', {
  'GET /api/publishing/accounts': [
    'listPublishAccounts',
    'Your connected accounts and the platforms this server offers',
  ],
  'POST /api/publishing/accounts/bluesky': [
    'createBlueskyAccount',
    'Connect a Bluesky account with its handle and an app password',
    { errors: ['unauthorized', 'rate_limited', 'unavailable'] },
  ],
  'POST /api/publishing/oauth/start': [
    'startPublishOauth',
    'Start connecting a Mastodon, X or LinkedIn account (the address to authorize Echo at)',
    { errors: ['unauthorized', 'rate_limited', 'unavailable'] },
  ],
  'GET /api/publishing/oauth/callback': [
    'finishPublishOauth',
    'Where the platform sends the browser back; redirects to the Studio with the outcome',
    {
      // Reached from the platform's site, without the session: the state and the cookie set by
      // startPublishOauth (bound to the browser that started) stand for it.
      access: 'public',
      answers: { 303: { description: 'To /studio?tab=publishing&connected=<platform or problem>' } },
    },
  ],
  'DELETE /api/publishing/accounts/{id}': [
    'deletePublishAccount',
    'Disconnect an account (its token revoked where the platform allows; scheduled posts cancelled)',
  ],
  'GET /api/publishing/accounts/{id}/next-slot': ['getNextPublishSlot', "The account's next free time slot"],
  'POST /api/publishing/preview': [
    'getPublishPreview',
    "What each account would get, counted with the platform's own limits",
    { errors: ['not_found', 'conflict'] },
  ],
  'POST /api/publishing/posts': [
    'createPublishPosts',
    'Publish a ready draft now, in the next free slot, or at a time',
    { errors: ['not_found', 'conflict'] },
  ],
  'GET /api/publishing/posts': ['listPublishPosts', "Your posts (a week of the calendar, or one draft's)"],
  'GET /api/publishing/results': [
    'listPublishedResults',
    "Your published results, newest first, with counts per platform (the dashboard's 'My Voice' tab)",
  ],
  'PATCH /api/publishing/posts/{id}': [
    'updatePublishPost',
    'Move a post that has not started to another time',
    { errors: ['conflict'] },
  ],
  'POST /api/publishing/posts/{id}/cancel': [
    'discardPublishPost',
    'Cancel a post that has not started',
    { errors: ['conflict'] },
  ],
  'GET /api/publishing/slots': ['listPublishSlots', 'Your weekly time slots'],
  'POST /api/publishing/slots': [
    'createPublishSlot',
    'Add a weekly time slot to an account (in your time zone)',
    { errors: ['not_found', 'already_exists'] },
  ],
  'DELETE /api/publishing/slots/{id}': ['deletePublishSlot', 'Remove a time slot'],
});
