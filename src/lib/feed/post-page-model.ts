/**
 * What the public post page shows, worked out from the API's answers: media with their
 * addresses, poll bars with rounded shares, the author's initials, dates in words and the
 * group's label. Pure, so the page only lays it out and Node tests check it.
 */
import type { FeedPost, MediaItem, Poll } from '@api/feed/schemas';
import { profilePath } from '../members/paths';
import { mediaUrl } from '../text/media-url';
import { isImage, isVideo } from './post-seo';

export interface MediaView {
  id: string;
  kind: 'image' | 'video';
  src: string;
  mime: string;
  alt: string;
  width: number | null;
  height: number | null;
}

/**
 * The post's images and video with their addresses under the media base. Upload
 * placeholders (`progress`) and items without an address are left out; an image without
 * alt text gets a neutral one naming who shared it.
 */
export function mediaViews(media: readonly MediaItem[], mediaBase: string, authorName: string): MediaView[] {
  const views: MediaView[] = [];
  for (const item of media) {
    const kind = isImage(item) ? 'image' : isVideo(item) ? 'video' : null;
    const src = mediaUrl(item.url, mediaBase);
    if (!kind || !src) continue;
    const alt = item.alt?.trim() || (kind === 'image' ? `Picture shared by ${authorName}` : `Video shared by ${authorName}`);
    views.push({ id: item._id, kind, src, mime: item.mime, alt, width: item.width, height: item.height });
  }
  return views;
}

export interface PollBar {
  id: string;
  label: string;
  votes: number;
  /** Whole percent, 0–100. */
  percent: number;
  /** The viewer's vote. */
  mine: boolean;
  /** The most voted option(s), once anyone voted. */
  leading: boolean;
}

/** The poll's options as result bars: shares as whole percents (clamped), the viewer's vote and the leaders marked. */
export function pollBars(poll: Poll): PollBar[] {
  const most = Math.max(0, ...poll.options.map((option) => option.votes));
  return poll.options.map((option) => ({
    id: option._id,
    label: option.label,
    votes: option.votes,
    percent: Math.round(Math.min(1, Math.max(0, Number.isFinite(option.share) ? option.share : 0)) * 100),
    mine: poll.votedOptionId === option._id,
    leading: most > 0 && option.votes === most,
  }));
}

/** "1 vote", "3 votes"; "1 like", "2 comments": a count with its noun. */
export function countLabel(count: number, singular: string, plural = `${singular}s`): string {
  return `${count.toLocaleString('en')} ${count === 1 ? singular : plural}`;
}

/** Up to two initials of a name, for an avatar without a picture. */
export function initialsOf(name: string): string {
  const words = name.trim().split(/\s+/).filter(Boolean);
  const letters = words.length > 1 ? [words[0]!, words[words.length - 1]!] : words;
  return letters.map((word) => Array.from(word)[0]!.toUpperCase()).join('') || '?';
}

const DATE = new Intl.DateTimeFormat('en', { dateStyle: 'medium', timeZone: 'UTC' });
const DATE_TIME = new Intl.DateTimeFormat('en', { dateStyle: 'medium', timeStyle: 'short', timeZone: 'UTC', hour12: false });

/** A date in words ("Mar 5, 2026"), '' when the text is not a date. */
export function dateLabel(iso: string | null | undefined): string {
  const time = Date.parse(iso ?? '');
  return Number.isNaN(time) ? '' : DATE.format(time);
}

/** A date and time in words, in UTC ("Mar 5, 2026, 14:30 UTC"), for titles and poll deadlines. */
export function dateTimeLabel(iso: string | null | undefined): string {
  const time = Date.parse(iso ?? '');
  return Number.isNaN(time) ? '' : `${DATE_TIME.format(time)} UTC`;
}

/** A group key in words when the group's name is not at hand: 'cofounder-matching' → 'Cofounder matching'. */
export function groupLabel(key: string): string {
  const words = key.replace(/[-_]+/g, ' ').trim();
  return words ? words[0]!.toUpperCase() + words.slice(1) : key;
}

/** The author card: name, tagline, profile link, picture address (or initials). */
export function authorView(author: FeedPost['author'], mediaBase: string) {
  const picture = mediaUrl(author.avatar, mediaBase);
  return {
    name: author.name,
    tagline: author.tagline?.trim() || null,
    href: profilePath(author.memberType, author.slug),
    role: author.memberType === 'founder' ? 'Founder' : 'Advisor',
    picture: picture || null,
    initials: initialsOf(author.name),
  };
}

export type AuthorView = ReturnType<typeof authorView>;
