// The waitlist as other features see it: the signup section and the live count.
export { useWaitlistCount } from './api.ts';
export { focusWaitlistForm, WaitlistSection } from './components/waitlist-section.tsx';
