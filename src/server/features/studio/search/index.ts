/**
 * The Studio's search (decision 015): full-text search of the library's sentences, then similar
 * spellings when it finds nothing (`repository.ts`), answered with highlighted snippets. It
 * reads the notes' tables; no room uses it (the bench times its two queries). The room's only face.
 */

export { fulltextSearch, similarSearch } from './repository.ts';
export { searchRoutes } from './routes.ts';
