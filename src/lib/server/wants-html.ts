/**
 * Whether a request comes from a plain HTML form (JavaScript off) rather than fetch:
 * browsers send `Accept: text/html…` for navigations, fetch sends `*\/*` or JSON.
 */
export function wantsHtml(request: Request): boolean {
  const accept = request.headers.get('accept') ?? '';
  return accept.includes('text/html') && !accept.startsWith('application/json');
}
