import { codeErrors, csv, feature } from './operation.ts';

export const AFFILIATES = feature('Affiliates', 'admin', {
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
});
