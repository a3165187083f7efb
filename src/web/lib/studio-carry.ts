/**
 * What a visitor typed into the landing page's Voice Note demo, carried into the Studio (a way
 * in from the landing page): kept in this tab's session storage (never in the URL, so never in a log), read once by
 * the Studio's capture card after sign-in, then forgotten.
 */
const KEY = 'echo.studio.carry';
export const CARRY_TEXT_MAX = 20_000;

export type CarryWay = 'record' | 'write';
export interface Carried {
  way: CarryWay;
  text: string;
}

export function carryToStudio(carried: Carried): void {
  try {
    sessionStorage.setItem(KEY, JSON.stringify({ ...carried, text: carried.text.slice(0, CARRY_TEXT_MAX) }));
  } catch {
    // Storage refused (private mode, quota): the Studio still opens, without the words.
  }
}

/** The carried words, once: reading them forgets them. */
export function takeCarried(): Carried | null {
  try {
    const raw = sessionStorage.getItem(KEY);
    if (raw === null) return null;
    sessionStorage.removeItem(KEY);
    const value = JSON.parse(raw) as Partial<Carried>;
    if ((value.way !== 'record' && value.way !== 'write') || typeof value.text !== 'string') return null;
    return { way: value.way, text: value.text.slice(0, CARRY_TEXT_MAX) };
  } catch {
    return null;
  }
}
