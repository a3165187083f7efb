/** Product-wide names and links shared by the server (e-mails) and the web app. */
export const PRODUCT_NAME = 'Echo';
export const TAGLINE = 'Echo listens. Echo learns. Echo amplifies your voice.';
export const SOCIAL_PROFILE_URL = 'https://www.instagram.com/echo.voice.app';
export const SOCIAL_HANDLE = '@echo.voice.app';
export const SUPPORT_EMAIL = 'support@echo.app';
export const PRIVACY_EMAIL = 'privacy@echo.app';
export const LEGAL_EFFECTIVE_DATE = 'January 1, 2024';
