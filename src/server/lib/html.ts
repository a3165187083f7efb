const entities: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
};

/** Escapes text for HTML element content and attribute values. */
export const escapeHtml = (value: string) => value.replace(/[&<>"']/g, (c) => entities[c]!);

/** Removes CR and LF so user text can never add a header line (e-mail subjects, names). */
export const singleLine = (value: string) => value.replace(/[\r\n\u2028\u2029]+/g, ' ').trim();
