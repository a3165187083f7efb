/** Where a note opens: /studio?note=ID, optionally at a sentence (and its time in the media). */
export function noteHref(noteId: string, at?: { sentenceId?: string | null; ms?: number | null }): string {
  const params = new URLSearchParams({ note: noteId });
  if (at?.sentenceId) params.set('sentence', at.sentenceId);
  if (at?.ms !== undefined && at.ms !== null) params.set('t', String(at.ms));
  return `/studio?${params}`;
}

/** The note (and sentence, time) named by the page's query string. */
export function parseNoteParams(search: string): {
  noteId: string | null;
  sentenceId: string | null;
  ms: number | null;
} {
  const params = new URLSearchParams(search);
  const t = Number(params.get('t'));
  return {
    noteId: params.get('note'),
    sentenceId: params.get('sentence'),
    ms: params.has('t') && Number.isFinite(t) && t >= 0 ? t : null,
  };
}

/** Where a draft opens: /studio?draft=ID (beside its source notes). */
export const draftHref = (draftId: string) => `/studio?draft=${encodeURIComponent(draftId)}`;
export const draftIdOf = (search: string): string | null => new URLSearchParams(search).get('draft');
