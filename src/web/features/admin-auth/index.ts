// Admin sign-in as other features see it: the admin frame (gate + navigation) and admin API calls.
export { ADMIN_LINKS, AdminFrame } from './admin-frame.tsx';
export { adminGet, adminRequest, dropAdminToken } from './api.ts';
