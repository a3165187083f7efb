// The content dashboard as other features see it: its frame, its e-mail and code sign-in steps and
// its session (the Studio uses the dashboard's session, docs/spec/decisions.md).
export { fetchSessionEmail, signOut } from './api.ts';
export { SignInCard, useAccessSteps } from './components/access-steps.tsx';
export { ToolLayout } from './components/tool-layout.tsx';
