/**
 * The Studio's corrections (decision 015): the user retypes one sentence of a transcript and the
 * note is analysed again, every sentence keeping its id and times. It uses notes and analysis; no
 * room uses it. The room's only face.
 */
export { correctionRoutes } from './routes.ts';
