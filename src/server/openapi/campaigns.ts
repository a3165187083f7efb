import { feature } from './operation.ts';

export const CAMPAIGNS = feature('Campaigns', 'admin', {
  'GET /api/campaigns': ['listCampaigns', 'All campaigns'],
  'POST /api/campaigns': ['createCampaign', 'Create a campaign'],
  'GET /api/campaigns/{id}': ['getCampaign', 'One campaign'],
  'PATCH /api/campaigns/{id}': ['updateCampaign', 'Change a campaign'],
  'GET /api/campaigns/{id}/messages': ['listCampaignMessages', 'The steps (messages) of a campaign'],
  'POST /api/campaigns/{id}/messages': ['createCampaignMessage', 'Add a step to a campaign'],
  'PATCH /api/campaigns/{id}/messages/{messageId}': ['updateCampaignMessage', 'Change a step of a campaign'],
  'DELETE /api/campaigns/{id}/messages/{messageId}': [
    'deleteCampaignMessage',
    'Remove a step from a campaign',
  ],
  'POST /api/campaigns/{id}/test-sms': ['sendTestSms', "Send a campaign step's SMS to a test number"],
  'POST /api/campaigns/{id}/test-email': ['sendTestEmail', "Send a campaign step's e-mail to a test address"],
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
});
