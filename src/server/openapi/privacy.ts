import { codeErrors, feature } from './operation.ts';

export const PRIVACY = feature('Privacy', 'dashboard', {
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
});
