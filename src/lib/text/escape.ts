/** The characters SPEC.md §5 escapes in text shown to users, and their entities. */
const ENTITIES: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
  '`': '&#96;',
};

/**
 * Escapes `& < > " ' \`` so text can be placed in HTML (element content or a quoted
 * attribute) without being parsed as markup. `null` and `undefined` give ''.
 * Astro's `{}` already escapes; this is for the places that build HTML strings
 * (linkified post text, mails, toasts built with innerHTML).
 */
export function escapeText(text: string | null | undefined): string {
  if (text == null) return '';
  return String(text).replace(/[&<>"'`]/g, (char) => ENTITIES[char]!);
}
