import { config } from 'zod/v4/core';

// zod compiles object parsers with `new Function` unless told not to; probing for that is an
// eval that the app's Content Security Policy (script-src 'self') blocks and Chromium reports as a
// CSP issue. The browser parses small forms: the interpreted path is fast enough. Imported first
// by main.tsx, before any schema is built.
config({ jitless: true });
