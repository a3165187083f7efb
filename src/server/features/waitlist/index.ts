/** The waitlist: count, signup (Welcome Series enrolment) and the reminder e-mail. */
export { reminderEmail } from './emails.ts';
export { waitlistRoutes } from './routes.ts';
export { getWaitlistCount, joinWaitlist } from './service.ts';
