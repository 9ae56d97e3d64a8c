/**
 * The drawing of a share card as the element tree satori lays out (plain objects, no JSX):
 * the member's photo or initials, name, role and stage, tagline or a post's first lines, and
 * the FounderMesh mark, on the site's dark colours. Member text goes in as text children only,
 * never as markup; satori turns it into glyph outlines.
 */
import { SHARE_CARD_HEIGHT, SHARE_CARD_WIDTH, type ShareCardContent } from './content';

/** An element for satori: a tag, its style and children. */
export interface CardNode {
  type: string;
  props: { style?: Record<string, string | number>; children?: CardChild | CardChild[]; src?: string; width?: number; height?: number };
}
type CardChild = CardNode | string;

const COLORS = { background: '#0b0c10', panel: '#15171f', text: '#f4f5f8', muted: '#a9afc3', accent: '#8f9bff', onAccent: '#0b0c14' } as const;

/** The site's mark (public/favicon.svg) as an image satori can place. */
const MARK_SVG =
  '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 32 32"><rect width="32" height="32" rx="8" fill="#8f9bff"/><path d="M10 21.5 16 10l6 11.5H10Z" fill="none" stroke="#0b0c14" stroke-width="2" stroke-linejoin="round"/><circle cx="16" cy="10" r="3" fill="#0b0c14"/><circle cx="10" cy="21.5" r="3" fill="#0b0c14"/><circle cx="22" cy="21.5" r="3" fill="#0b0c14"/></svg>';
const MARK_SRC = `data:image/svg+xml;base64,${btoa(MARK_SVG)}`;

const el = (type: string, style: Record<string, string | number>, children?: CardChild | CardChild[]): CardNode => ({ type, props: { style, children } });

function portrait(content: ShareCardContent, photo: string | null, size: number): CardNode {
  if (photo) return { type: 'img', props: { src: photo, width: size, height: size, style: { width: size, height: size, borderRadius: size / 2, objectFit: 'cover' } } };
  return el(
    'div',
    {
      display: 'flex',
      alignItems: 'center',
      justifyContent: 'center',
      width: size,
      height: size,
      borderRadius: size / 2,
      background: COLORS.accent,
      color: COLORS.onAccent,
      fontSize: size * 0.38,
      fontWeight: 700,
    },
    content.initials,
  );
}

function footer(): CardNode {
  return el('div', { display: 'flex', alignItems: 'center', gap: 16 }, [
    { type: 'img', props: { src: MARK_SRC, width: 48, height: 48, style: { width: 48, height: 48 } } },
    el('div', { fontSize: 30, fontWeight: 700, color: COLORS.text }, 'FounderMesh'),
  ]);
}

const roleLine = (content: ShareCardContent) => [content.role, content.stage].filter(Boolean).join(' · ');

function profileBody(content: ShareCardContent, photo: string | null): CardNode {
  return el('div', { display: 'flex', alignItems: 'center', gap: 56, flexGrow: 1 }, [
    portrait(content, photo, 220),
    el('div', { display: 'flex', flexDirection: 'column', gap: 18, flex: 1 }, [
      el('div', { fontSize: 68, fontWeight: 700, color: COLORS.text, lineHeight: 1.1 }, content.name),
      el('div', { display: 'flex', fontSize: 30, fontWeight: 700, color: COLORS.accent }, roleLine(content)),
      ...(content.tagline ? [el('div', { fontSize: 36, color: COLORS.muted, lineHeight: 1.3 }, content.tagline)] : []),
    ]),
  ]);
}

function postBody(content: ShareCardContent, photo: string | null): CardNode {
  const byline = [content.role, content.tagline].filter(Boolean).join(' · ');
  return el('div', { display: 'flex', flexDirection: 'column', gap: 36, flexGrow: 1 }, [
    el('div', { display: 'flex', alignItems: 'center', gap: 28 }, [
      portrait(content, photo, 120),
      el('div', { display: 'flex', flexDirection: 'column', gap: 6, flex: 1 }, [
        el('div', { fontSize: 44, fontWeight: 700, color: COLORS.text }, content.name),
        el('div', { fontSize: 28, color: COLORS.muted }, byline),
      ]),
    ]),
    el('div', { display: 'flex', fontSize: 42, color: COLORS.text, lineHeight: 1.35 }, content.text ?? `A post by ${content.name}`),
  ]);
}

/** The card's element tree; `photo` is a data: URI of the member's own picture, or null for initials. */
export function cardLayout(content: ShareCardContent, photo: string | null): CardNode {
  return el(
    'div',
    {
      display: 'flex',
      flexDirection: 'column',
      width: SHARE_CARD_WIDTH,
      height: SHARE_CARD_HEIGHT,
      padding: '64px 72px 52px',
      background: COLORS.background,
      borderTop: `12px solid ${COLORS.accent}`,
      fontFamily: 'Inter',
    },
    [content.kind === 'post' ? postBody(content, photo) : profileBody(content, photo), footer()],
  );
}
