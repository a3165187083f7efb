import { feature } from './operation.ts';

export const ADMIN_SIGN_IN = feature('Admin sign-in', 'admin', {
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
});
