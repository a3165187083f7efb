// The visitor's session as the other features see it: one session for /dashboard and /studio
// (docs/spec/decisions.md), its sign-in steps and its signed-in frame.
export { SignedInFrame, SignOutButton, type VisitorSession } from './components/signed-in-frame.tsx';
