/**
 * GET /og/{kind}/{slug}/{file}: a share card, drawn once per version. The current content is
 * read first (a changed profile or post, a member who opted out, a post or member gone: the
 * old address no longer answers with the old picture), then the Cache API, then R2, and only
 * then is the card drawn, stored in R2 and put in the cache.
 */
import { ApiError } from '../errors';
import type { Deps } from '../deps';
import { postBySlug } from '../feed/read';
import { publicProfile } from '../profiles/public-profile';
import { postCardContent, profileCardContent, shareCardPath, shareCardVersion, type ShareCardContent, type ShareCardKind } from './content';
import { drawCard } from './draw';
import { photoDataUri } from './photo';

/** Versions are immutable: a year in browsers and shared caches. */
export const SHARE_CARD_CACHE_CONTROL = 'public, max-age=31536000, immutable';

/** Where a member's cards are kept in R2; account deletion empties it. */
export const shareCardFolder = (ownerId: string) => `share-cards/${ownerId}/`;

const cardFolder = (content: ShareCardContent) => `${shareCardFolder(content.ownerId)}${content.kind}/${content.slug}/`;

/** What a visitor's card of this profile or post shows now; null when there is none to draw. */
export async function currentCardContent(deps: Pick<Deps, 'db' | 'clock' | 'profileViews'>, kind: ShareCardKind, slug: string): Promise<ShareCardContent | null> {
  if (kind === 'post') {
    const post = await postBySlug(deps, slug, null);
    return post ? postCardContent(post) : null;
  }
  try {
    return profileCardContent(await publicProfile(deps, kind, slug, null, { recordsView: false }));
  } catch (error) {
    if (error instanceof ApiError && error.status === 404) return null;
    throw error;
  }
}

/** Where an answered card came from: the Cache API, R2, or drawn for this request. */
export type CardSource = 'cache' | 'stored' | 'drawn';

/** The answer to a card request: the PNG, where the current version is, or nothing. */
export type CardLookup = { found: 'png'; response: Response; source: CardSource } | { found: 'moved'; path: string } | { found: 'none' };

function pngResponse(body: BodyInit, size: number, source: CardSource): Response {
  return new Response(body, {
    headers: {
      'content-type': 'image/png',
      'content-length': String(size),
      'cache-control': SHARE_CARD_CACHE_CONTROL,
      'x-content-type-options': 'nosniff',
      'x-card-source': source,
    },
  });
}

/** What answering a card needs: D1 (the content), R2, the Cache API where there is one, and a way to finish work after the answer. */
export type ShareCardDeps = Pick<Deps, 'db' | 'clock' | 'profileViews'> & { media: R2Bucket; cache: Cache | null; defer: (work: Promise<unknown>) => void };

/**
 * The card `version` of this profile or post at `url`: from the Cache API, else from R2, else
 * drawn and stored (older versions of the same card are removed then). Whatever did not come
 * from the cache is put there, through `defer`.
 */
export async function shareCard(deps: ShareCardDeps, kind: ShareCardKind, slug: string, version: string, url: string): Promise<CardLookup> {
  const content = await currentCardContent(deps, kind, slug);
  if (!content) return { found: 'none' };
  const current = await shareCardVersion(content);
  if (current !== version) return { found: 'moved', path: shareCardPath(kind, slug, current) };
  const cached = await deps.cache?.match(url);
  if (cached) return { found: 'png', response: cached, source: 'cache' };
  const key = `${cardFolder(content)}${version}.png`;
  const stored = await deps.media.get(key);
  let response: Response;
  if (stored) {
    response = pngResponse(stored.body, stored.size, 'stored');
  } else {
    const { png, withPhoto } = await drawCard(content, await photoDataUri(deps.media, content.photoKey));
    await deps.media.put(key, png, { httpMetadata: { contentType: 'image/png', cacheControl: SHARE_CARD_CACHE_CONTROL } });
    deps.defer(removeOlderVersions(deps.media, cardFolder(content), key));
    response = pngResponse(png, png.byteLength, 'drawn');
    // For operators and the bench: whether the photo fitted the size budget or initials were drawn.
    if (content.photoKey) response.headers.set('x-card-photo', withPhoto ? 'drawn' : 'initials');
  }
  if (deps.cache) {
    const copy = response.clone();
    const headers = new Headers(copy.headers);
    headers.set('x-card-source', 'cache');
    deps.defer(deps.cache.put(url, new Response(copy.body, { headers })));
  }
  return { found: 'png', response, source: response.headers.get('x-card-source') as CardSource };
}

async function removeOlderVersions(bucket: R2Bucket, folder: string, keep: string): Promise<void> {
  const listed = await bucket.list({ prefix: folder });
  const older = listed.objects.map((object) => object.key).filter((key) => key !== keep);
  if (older.length > 0) await bucket.delete(older);
}

/** Removes every card of the member (account deletion). */
export async function deleteShareCards(bucket: R2Bucket, ownerId: string): Promise<void> {
  let cursor: string | undefined;
  do {
    const listed = await bucket.list({ prefix: shareCardFolder(ownerId), cursor });
    const keys = listed.objects.map((object) => object.key);
    if (keys.length > 0) await bucket.delete(keys);
    cursor = listed.truncated ? listed.cursor : undefined;
  } while (cursor);
}
