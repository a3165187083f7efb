/**
 * Browser storage keys the web app and the contract share. A module of its own, without zod: the
 * web's token store imports it on pages (such as /trends) whose first view must not load zod.
 */
export const AFFILIATE_TOKEN_STORAGE_KEY = 'affiliate_token';
