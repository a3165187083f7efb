import type { ErrorCode } from '#contract/api.ts';

/**
 * Who may call an operation: a named scheme (`security` in the document), nobody in particular
 * (`[]`), or optional credentials that add to the answer (`[{}, { scheme: [] }]`).
 */
export type Access =
  | 'public'
  | 'admin'
  | 'affiliate'
  | 'dashboard'
  | 'optional-admin'
  | 'optional-affiliate'
  | 'optional-dashboard';

/** A success answer that is not the route's JSON response schema (files, tus, empty bodies). */
export interface Answer {
  description: string;
  /** Media type of the body; none for an empty answer. */
  type?: string;
}

export interface Operation {
  operationId: string;
  summary: string;
  /** The feature the operation belongs to (the document's tag). */
  tag: string;
  access: Access;
  /**
   * Error codes the route can answer beyond those derived from it (400 for input it validates,
   * 401 for its guard, 404 for a path parameter, 429 for a rate limit in its handler, the body
   * parser's codes for a JSON body): codes its services throw.
   */
  errors?: ErrorCode[];
  /** Success answers without a response schema, by status. */
  answers?: Record<number, Answer>;
  /** A request body worth copying. */
  example?: Record<string, unknown>;
}

type Row = [operationId: string, summary: string, more?: Partial<Omit<Operation, 'operationId' | 'summary'>>];

/** The document's tags: one per feature, with what it covers. */
export const FEATURES: Record<string, string> = {
  Health: 'Service status and what this server can do',
  Waitlist: 'The pre-launch waitlist',
  'Admin sign-in': 'The admin password, bearer tokens and sessions',
  Trends: 'The trend analyser: video links, their analysis and twist ideas',
  'Transcription and dashboard': 'Video transcription and the dashboard reached by an e-mailed code',
  'Transcription webhook': 'Signed deliveries from an external transcription service',
  Affiliates: 'Affiliate applications, sign-in, commissions and payouts (Stripe)',
  Campaigns: 'E-mail and SMS campaigns, contacts and unsubscribing',
  Outbox: 'Every e-mail and SMS sent or queued',
  Privacy: "Deleting one's data and opting out of aggregate use",
  Studio:
    'Echo Studio: notes (written, recorded, uploaded, imported), search, ideas, voice profile and drafts',
  Publishing:
    'Connected accounts (LinkedIn, X, Bluesky, Mastodon), publishing and scheduling drafts, time slots',
};

const feature = (tag: keyof typeof FEATURES, access: Access, rows: Record<string, Row>) =>
  Object.fromEntries(
    Object.entries(rows).map(([key, [operationId, summary, more]]) => [
      key,
      { operationId, summary, tag, access, ...more } satisfies Operation,
    ]),
  );

const deleted: Record<number, Answer> = { 204: { description: 'Deleted; no body' } };
const csv: Record<number, Answer> = { 200: { description: 'CSV file (RFC 4180)', type: 'text/csv' } };
const codeErrors: ErrorCode[] = ['code_invalid', 'code_expired', 'code_locked', 'rate_limited'];

/**
 * Every API route's operationId, summary, feature and access, keyed by `METHOD /openapi/path`.
 * One table for all features, applied when the document is built (openapi.ts): the route files
 * keep their schemas and descriptions, this table names the operations. A test fails when a route
 * has no row or a row has no route (openapi.contract.api.test.ts).
 */
export const OPERATIONS: Record<string, Operation> = {
  ...feature('Health', 'public', {
    'GET /api/health': [
      'getHealth',
      'Service status; with an admin token also tools, providers and the checklist',
      { access: 'optional-admin' },
    ],
    'GET /api/capabilities': ['getCapabilities', 'What the transcription forms can do on this server'],
  }),
  ...feature('Waitlist', 'public', {
    'GET /api/waitlist/count': ['getWaitlistCount', 'How many people are on the waitlist'],
    'POST /api/waitlist': [
      'joinWaitlist',
      'Join the waitlist (a second signup of an address answers 200 alreadyExists)',
      {
        example: { name: 'Dana Reyes', email: 'dana@example.com', role: 'Creator', struggle: 'Finding time' },
      },
    ],
  }),
  ...feature('Admin sign-in', 'admin', {
    'POST /api/admin/login': [
      'loginAdmin',
      'Exchange the admin password for a bearer token',
      { access: 'public', errors: ['unauthorized', 'rate_limited'] },
    ],
    'GET /api/admin/session': ['getAdminSession', 'Check that an admin token is still valid'],
    'POST /api/admin/logout': [
      'logoutAdmin',
      'End the session of an admin token',
      { access: 'optional-admin' },
    ],
  }),
  ...feature('Trends', 'optional-admin', {
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
  }),
  ...feature('Transcription and dashboard', 'public', {
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
  }),
  ...feature('Transcription webhook', 'public', {
    'GET /api/webhook/test': ['getWebhookSetup', 'Where to send transcripts, and how to sign them'],
    'POST /api/webhook/test/dry-run': ['runWebhookDryRun', 'Send a signed test delivery to the webhook'],
    'POST /api/webhook/transcription-complete': [
      'completeTranscription',
      'Deliver a finished transcript (Standard Webhooks signature)',
      { errors: ['malformed_request', 'signature_invalid', 'not_found', 'conflict'] },
    ],
  }),
  ...feature('Affiliates', 'admin', {
    'POST /api/affiliates/apply': [
      'applyAsAffiliate',
      'Apply to the affiliate programme',
      { access: 'public', errors: ['already_exists'] },
    ],
    'POST /api/auth/login': [
      'loginAffiliate',
      'Affiliate sign-in: e-mail a code, then exchange it for a bearer token',
      { access: 'public', errors: codeErrors, example: { email: 'dana@example.com', code: '123456' } },
    ],
    'POST /api/auth/logout': [
      'logoutAffiliate',
      'End the session of an affiliate token',
      { access: 'optional-affiliate' },
    ],
    'GET /api/me': [
      'getAffiliateAccount',
      'The signed-in affiliate: profile, referral link and stats',
      { access: 'affiliate' },
    ],
    'PUT /api/me/payout-settings': ['updatePayoutSettings', 'Save payout settings', { access: 'affiliate' }],
    'GET /api/admin/affiliates': ['listAffiliates', 'All affiliates and applications, newest first'],
    'PATCH /api/admin/affiliates/{id}/status': [
      'setAffiliateStatus',
      'Approve or reject a pending application',
      { errors: ['conflict'] },
    ],
    'GET /api/admin/conversions': ['listConversions', 'All commissions, newest first'],
    'PATCH /api/admin/conversions/{id}': ['setConversionStatus', 'Set a commission status'],
    'GET /api/admin/conversions/export.csv': ['exportConversions', 'Commissions as CSV', { answers: csv }],
    'GET /api/admin/payouts': ['listPayouts', 'Monthly payouts (due and paid)'],
    'GET /api/admin/payouts/export.csv': ['exportDuePayouts', 'Due payouts as CSV', { answers: csv }],
    'POST /api/admin/payouts/{id}/confirm': ['confirmPayout', 'Confirm a payout was sent'],
    'POST /api/webhooks/stripe': [
      'receiveStripeEvent',
      'Stripe events that create or settle commissions (Stripe-Signature)',
      { access: 'public', errors: ['malformed_request', 'signature_invalid', 'unavailable'] },
    ],
  }),
  ...feature('Campaigns', 'admin', {
    'GET /api/campaigns': ['listCampaigns', 'All campaigns'],
    'POST /api/campaigns': ['createCampaign', 'Create a campaign'],
    'GET /api/campaigns/{id}': ['getCampaign', 'One campaign'],
    'PATCH /api/campaigns/{id}': ['updateCampaign', 'Change a campaign'],
    'GET /api/campaigns/{id}/messages': ['listCampaignMessages', 'The steps (messages) of a campaign'],
    'POST /api/campaigns/{id}/messages': ['createCampaignMessage', 'Add a step to a campaign'],
    'PATCH /api/campaigns/{id}/messages/{messageId}': [
      'updateCampaignMessage',
      'Change a step of a campaign',
    ],
    'DELETE /api/campaigns/{id}/messages/{messageId}': [
      'deleteCampaignMessage',
      'Remove a step from a campaign',
    ],
    'POST /api/campaigns/{id}/test-sms': ['sendTestSms', "Send a campaign step's SMS to a test number"],
    'POST /api/campaigns/{id}/test-email': [
      'sendTestEmail',
      "Send a campaign step's e-mail to a test address",
    ],
    'POST /api/admin/contacts/import': ['importContacts', 'Import contacts (CSV text) and enrol them'],
    'POST /api/unsubscribe': [
      'unsubscribeContact',
      "Unsubscribe with an e-mail's link token",
      { access: 'public' },
    ],
    'POST /unsubscribe': [
      'unsubscribeOneClick',
      'One-click unsubscribe (RFC 8058) from the List-Unsubscribe link',
      {
        access: 'public',
      },
    ],
    'POST /api/twilio/inbound': [
      'receiveInboundSms',
      'Inbound SMS from Twilio (STOP, START, replies; X-Twilio-Signature)',
      {
        access: 'public',
        // 404 while Twilio is not configured.
        errors: ['signature_invalid', 'not_found'],
        answers: { 200: { description: 'Empty TwiML response', type: 'text/xml' } },
      },
    ],
  }),
  ...feature('Outbox', 'admin', {
    'GET /api/admin/outbox': ['listOutboxMessages', 'Every e-mail and SMS sent or queued, newest first'],
  }),
  ...feature('Privacy', 'dashboard', {
    'POST /api/privacy/delete-data/request-code': [
      'requestDeletionCode',
      'E-mail a fresh code that confirms deleting your data',
      { errors: ['rate_limited'] },
    ],
    'POST /api/privacy/delete-data': [
      'deleteMyData',
      'Delete every record of your address',
      { errors: codeErrors },
    ],
    'GET /api/privacy/data-use': ['getDataUse', 'Whether your data is left out of aggregate use'],
    'PUT /api/privacy/data-use': [
      'setDataUse',
      'Opt out of (or back into) aggregate use',
      { errors: ['rate_limited'] },
    ],
    'GET /api/admin/privacy/opt-outs': [
      'listDataUseOptOuts',
      'Addresses every export must leave out',
      { access: 'admin' },
    ],
  }),
  ...feature('Studio', 'dashboard', studioRows()),
  ...feature('Publishing', 'dashboard', {
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
      { answers: { 303: { description: 'To /studio?tab=publishing&connected=<platform or problem>' } } },
    ],
    'DELETE /api/publishing/accounts/{id}': [
      'deletePublishAccount',
      'Disconnect an account (its token revoked where the platform allows; scheduled posts cancelled)',
    ],
    'GET /api/publishing/accounts/{id}/next-slot': [
      'getNextPublishSlot',
      "The account's next free time slot",
    ],
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
  }),
};

function studioRows(): Record<string, Row> {
  const media: Record<number, Answer> = {
    200: { description: "The note's media file", type: 'application/octet-stream' },
    206: {
      description: 'One byte range of the media (Range: bytes=start-end)',
      type: 'application/octet-stream',
    },
    416: { description: 'The range lies outside the file (Content-Range: bytes */size); no body' },
  };
  // Capture answers 503 while the media storage (a bucket) does not answer (decision 017).
  const upload: Operation['errors'] = ['conflict', 'quota_exceeded', 'unsupported_media_type', 'unavailable'];
  return {
    'POST /api/studio/notes': [
      'createStudioNote',
      'Write a text note',
      { example: { title: 'Why I record on walks', text: 'I think better when I walk...' } },
    ],
    'GET /api/studio/notes': ['listStudioNotes', 'Your notes, newest first, a page at a time'],
    'GET /api/studio/notes/{id}': ['getStudioNote', 'One note with its transcript and analysis'],
    'PATCH /api/studio/notes/{id}': [
      'updateStudioNote',
      "Edit a note's title or text",
      { errors: ['conflict'] },
    ],
    'PATCH /api/studio/notes/{id}/sentences/{sentenceId}': [
      'updateStudioSentence',
      "Correct the words of one sentence of a note's transcript (its times stay)",
      { errors: ['conflict'], example: { text: 'We raised our prices and nobody left.' } },
    ],
    'DELETE /api/studio/notes/{id}': [
      'deleteStudioNote',
      'Delete a note and its media',
      { answers: deleted },
    ],
    'GET /api/studio/notes/{id}/media': [
      'getStudioNoteMedia',
      "Play a note's media (one byte range at a time)",
      { answers: media, errors: ['unavailable'] },
    ],
    'HEAD /api/studio/notes/{id}/media': [
      'headStudioNoteMedia',
      "Size and type of a note's media",
      { answers: media, errors: ['unavailable'] },
    ],
    'POST /api/studio/imports': [
      'importStudioNotes',
      'Import notes from a file (text, Markdown, subtitles, exports)',
      { errors: ['malformed_request', 'unsupported_media_type'] },
    ],
    'GET /api/studio/search': ['searchStudioNotes', 'Search your notes'],
    'GET /api/studio/ideas': ['listStudioIdeas', 'Ideas found across your notes'],
    'GET /api/studio/voice': ['getVoiceProfile', 'Your voice profile'],
    'PUT /api/studio/voice': ['updateVoiceProfile', 'Adjust your voice profile'],
    'GET /api/studio/usage': ['getStudioUsage', 'Storage used and the quota'],
    'POST /api/studio/uploads': [
      'createStudioUpload',
      'Start a resumable upload (tus 1.0.0 creation)',
      { errors: upload, answers: { 201: { description: 'Upload created; Location names it' } } },
    ],
    'HEAD /api/studio/uploads/{id}': [
      'getStudioUploadOffset',
      'How many bytes of an upload are stored (tus Upload-Offset)',
      {
        errors: ['unavailable'],
        answers: { 200: { description: 'Upload-Offset and Upload-Length headers; no body' } },
      },
    ],
    'PATCH /api/studio/uploads/{id}': [
      'appendStudioUpload',
      'Send the next bytes of an upload (tus)',
      { errors: upload, answers: { 204: { description: 'Stored; Upload-Offset is the new offset' } } },
    ],
    'DELETE /api/studio/uploads/{id}': [
      'deleteStudioUpload',
      'Cancel an upload (tus termination)',
      { errors: ['conflict', 'unavailable'], answers: deleted },
    ],
    'POST /api/studio/recordings': [
      'startStudioRecording',
      'Start a recording sent in chunks while it records',
      { errors: ['quota_exceeded', 'unavailable'] },
    ],
    'GET /api/studio/recordings/{id}': ['getStudioRecording', 'A recording and the chunks stored so far'],
    'DELETE /api/studio/recordings/{id}': [
      'discardStudioRecording',
      'Discard an unfinished recording',
      {
        errors: ['conflict', 'unavailable'],
        answers: deleted,
      },
    ],
    'PUT /api/studio/recordings/{id}/chunks/{n}': [
      'putStudioRecordingChunk',
      'Store chunk n of a recording',
      {
        errors: upload,
      },
    ],
    'POST /api/studio/recordings/{id}/finish': [
      'finishStudioRecording',
      'Finish a recording; it becomes a note',
      { errors: ['conflict', 'unsupported_media_type', 'unavailable'] },
    ],
    'POST /api/studio/drafts': [
      'createStudioDrafts',
      'Create drafts (blog post, posts, thread...) from notes',
      { errors: ['not_found'] },
    ],
    'GET /api/studio/drafts': ['listStudioDrafts', 'Your drafts, newest first'],
    'GET /api/studio/drafts/{id}': ['getStudioDraft', 'One draft with its blocks and their sources'],
    'PUT /api/studio/drafts/{id}': [
      'updateStudioDraft',
      'Save your edits to a draft: texts, and blocks added, deleted or moved',
    ],
    'POST /api/studio/drafts/{id}/regenerate': [
      'regenerateStudioDraft',
      'Write a draft (or one block) again',
    ],
    'GET /api/studio/drafts/{id}/versions': [
      'listStudioDraftVersions',
      'Earlier versions of a draft, newest first',
    ],
    'POST /api/studio/drafts/{id}/versions/{vid}/restore': [
      'applyStudioDraftVersion',
      'Bring an earlier version of a draft back',
    ],
    'GET /api/studio/drafts/{id}/export': [
      'exportStudioDraft',
      'Download a draft as a file',
      {
        answers: {
          200: { description: 'md, html, txt, srt, vtt, zip or pdf', type: 'application/octet-stream' },
        },
      },
    ],
    'GET /api/studio/drafts/{id}/clips/{n}': [
      'getStudioDraftClip',
      'Download clip n of a clip-hooks draft',
      {
        errors: ['unavailable', 'unsupported_media_type'],
        answers: { 200: { description: 'audio/mp4 or video/mp4', type: 'application/octet-stream' } },
      },
    ],
  };
}
