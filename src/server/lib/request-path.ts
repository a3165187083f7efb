/**
 * The path of a request's target, without its query, as the router reads it: an absolute-form target
 * (`GET http://host/path?query HTTP/1.1`, RFC 9112 §3.2.2, which any client may send) names the same
 * resource as the origin-form `/path?query`.
 */
export function requestPath(target: string): string {
  const authority = /^https?:\/\/[^/?#]*/i.exec(target);
  const rest = authority ? target.slice(authority[0].length) : target;
  return rest.split('?')[0] || '/';
}
