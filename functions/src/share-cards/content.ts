/**
 * What a share card (the Open Graph picture of a public profile or post, docs/product.md
 * "Share cards") shows, its version and its address. Pure functions of the API's answers, so
 * the app worker's pages and the API's card route agree on the address without asking each
 * other: the version is a hash of exactly the fields drawn, so a changed profile or post has
 * a new address and a stale picture is never served.
 */
import type { FeedPost } from '../feed/schemas';
import { IDEA_STAGES } from '../shared/profile-vocabulary';
import type { ProfileDetails } from '../profiles/schemas';

export const SHARE_CARD_WIDTH = 1200;
export const SHARE_CARD_HEIGHT = 630;
/** Most a drawn card may weigh; a card with a photo that would weigh more is drawn with initials. */
export const SHARE_CARD_MAX_BYTES = 100 * 1024;
/** Raise when the drawing changes, so every card gets a new address. */
export const SHARE_CARD_DESIGN = 1;

/** How many characters of a post's text a card shows before an ellipsis. */
const POST_TEXT_MAX = 180;
const NAME_MAX = 60;
const LINE_MAX = 110;

export type ShareCardKind = 'founder' | 'advisor' | 'post';

/** The fields a card draws; the version is their hash. */
export interface ShareCardContent {
  kind: ShareCardKind;
  /** The member the card shows (a post's author): its stored copies are kept under their id. */
  ownerId: string;
  /** The slug of the profile or post: the card's address. */
  slug: string;
  name: string;
  role: 'Founder' | 'Advisor';
  /** The tagline (founders) or position (advisors). */
  tagline: string | null;
  /** A founder's stage in words. */
  stage: string | null;
  /** A post's first lines. */
  text: string | null;
  /** The R2 key of the member's own uploaded photo; null draws initials (seeded or absent pictures). */
  photoKey: string | null;
  initials: string;
}

/** A card's address and what the page's Open Graph tags say about it. */
export interface ShareCard {
  path: string;
  width: number;
  height: number;
  alt: string;
}

const oneLine = (text: string | null | undefined) => (text ?? '').replace(/\s+/g, ' ').trim();

function cut(text: string, max: number): string {
  const chars = Array.from(text);
  if (chars.length <= max) return text;
  const head = chars.slice(0, max - 1).join('');
  const atWord = head.replace(/\s+\S*$/, '');
  return `${atWord.length > max / 2 ? atWord : head}…`;
}

/** "AL" for "Ada Lovelace": the first letters of the first and last words. */
export function initialsOf(name: string): string {
  const words = name.trim().split(/\s+/).filter(Boolean);
  const letters = words.length > 1 ? [words[0]!, words[words.length - 1]!] : words;
  return letters.map((word) => Array.from(word)[0]!.toUpperCase()).join('') || '?';
}

/** The R2 key of a picture the member uploaded (`avatars/<id>.<ext>`); null for anything else, absolute URLs included. */
export function ownPhotoKey(path: string | null | undefined): string | null {
  const match = /^(avatars\/[0-9a-f]{24}\.(?:jpg|png|webp))$/.exec(path ?? '');
  return match ? match[1]! : null;
}

/** Mentions (`@[Name](<id>)`) as the names readers see. */
const plainMentions = (text: string) => text.replace(/@\[([^\]\n]{1,100})\]\(([0-9a-fA-F]{24})\)/g, '@$1');

/**
 * A profile's card, or null when the member opted out of search engines (the privacy setting
 * `searchIndexing`): their page is asked not to be indexed, and no picture is drawn of them.
 */
export function profileCardContent(profile: ProfileDetails): ShareCardContent | null {
  if (!profile.searchIndexing) return null;
  const founder = profile.memberType === 'founder';
  const name = cut(oneLine(founder ? `${profile.firstName} ${profile.lastName}` : profile.name) || 'FounderMesh member', NAME_MAX);
  const tagline = oneLine(founder ? profile.tagline : profile.position);
  return {
    kind: profile.memberType,
    ownerId: profile.userId,
    slug: profile.slug,
    name,
    role: founder ? 'Founder' : 'Advisor',
    tagline: tagline ? cut(tagline, LINE_MAX) : null,
    stage: founder && profile.ideaStage ? IDEA_STAGES[profile.ideaStage] : null,
    text: null,
    photoKey: ownPhotoKey(profile.profilePicture?.url),
    initials: initialsOf(name),
  };
}

/** A public post's card: its author as the post page shows them, and the post's first lines. */
export function postCardContent(post: FeedPost): ShareCardContent {
  const name = cut(oneLine(post.author.name) || 'FounderMesh member', NAME_MAX);
  const tagline = oneLine(post.author.tagline);
  const text = oneLine(plainMentions(post.text));
  return {
    kind: 'post',
    ownerId: post.author._id,
    slug: post.slug,
    name,
    role: post.author.memberType === 'founder' ? 'Founder' : 'Advisor',
    tagline: tagline ? cut(tagline, LINE_MAX) : null,
    stage: null,
    text: text ? cut(text, POST_TEXT_MAX) : null,
    photoKey: ownPhotoKey(post.author.avatar),
    initials: initialsOf(name),
  };
}

/** The first 16 hex digits of the SHA-256 of the drawn fields and the design's number. */
export async function shareCardVersion(content: ShareCardContent): Promise<string> {
  const data = new TextEncoder().encode(JSON.stringify([SHARE_CARD_DESIGN, content]));
  const digest = new Uint8Array(await crypto.subtle.digest('SHA-256', data));
  return Array.from(digest.slice(0, 8), (byte) => byte.toString(16).padStart(2, '0')).join('');
}

/** `/og/<founder|advisor|post>/<slug>/<version>.png`: the app worker forwards /og/ to the API. */
export function shareCardPath(kind: ShareCardKind, slug: string, version: string): string {
  return `/og/${kind}/${encodeURIComponent(slug)}/${version}.png`;
}

/** The card's alt text: what it shows, in words. */
export function shareCardAlt(content: ShareCardContent): string {
  const about = content.kind === 'post' ? `Post by ${content.name}` : content.name;
  const detail = content.kind === 'post' ? content.text : [content.tagline, content.stage].filter(Boolean).join(' · ');
  return detail ? `${about}: ${detail}` : `${about} on FounderMesh`;
}

/** The card of a profile or post for its page's Open Graph tags; null when none is drawn. */
export async function shareCardOf(content: ShareCardContent | null): Promise<ShareCard | null> {
  if (!content) return null;
  const path = shareCardPath(content.kind, content.slug, await shareCardVersion(content));
  return { path, width: SHARE_CARD_WIDTH, height: SHARE_CARD_HEIGHT, alt: shareCardAlt(content) };
}
