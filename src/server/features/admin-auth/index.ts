/** Admin sign-in: routes, the admin guard (an onRequest hook) and the start-up password. */
export { adminOnly, bearerToken, requireAdmin } from './guard.ts';
export { adminAuthRoutes } from './routes.ts';
export { ensureAdminPassword, INVALID_ADMIN_PASSWORD, isAdminToken } from './service.ts';
