/**
 * The Studio's questions (decision 024): a question in plain words answered from the owner's notes
 * only, with the owner's sentences cited to their note and moment (offline, the search room's
 * queries then the engine's answer), and with a language model also a short answer written from
 * them and checked. Questions are not stored. The room's only face.
 */

export { askRoutes } from './routes.ts';
