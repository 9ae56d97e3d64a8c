/**
 * Member text rendered from richText tokens (src/lib/text/rich-text.ts): text nodes,
 * line breaks, external links (nofollow ugc, new tab), hashtags to the hashtag feed,
 * mentions to profiles, and YouTube previews (`<youtube-preview>`). Nothing is ever set
 * as HTML. RichTextBody is plain markup, right when rendered on the server without
 * hydration; RichText adds the "See more" toggle and loads the preview element in islands,
 * with the tokens the server parsed or the parser loaded when needed (./parsed-texts.tsx).
 */
import { useEffect, useMemo, useState, type ReactNode } from 'react';
import { EXTERNAL_REL, truncateTokens, type MentionRef, type RichToken } from '../../lib/text/rich-tokens';
import { youTubeThumbnailUrl } from '../../lib/text/youtube';
import { useRichTokens } from './parsed-texts';
import './rich-text.css';

declare module 'react' {
  namespace JSX {
    interface IntrinsicElements {
      'youtube-preview': React.DetailedHTMLProps<React.HTMLAttributes<HTMLElement>, HTMLElement> & { 'video-id': string; 'video-title'?: string; class?: string };
    }
  }
}

function YouTubePreviewMarkup({ videoId, href }: { videoId: string; href: string }) {
  return (
    <youtube-preview video-id={videoId} class="yt-preview">
      <img className="yt-thumb" src={youTubeThumbnailUrl(videoId)} alt="" width={480} height={360} loading="lazy" decoding="async" />
      <button type="button" className="yt-play" aria-label="Play YouTube video">
        <svg viewBox="0 0 68 48" width="68" height="48" aria-hidden="true" focusable="false">
          <path
            className="yt-play-bg"
            d="M66.5 7.7a8.5 8.5 0 0 0-6-6C55.2.3 34 .3 34 .3s-21.2 0-26.5 1.4a8.5 8.5 0 0 0-6 6C.1 13 .1 24 .1 24s0 11 1.4 16.3a8.5 8.5 0 0 0 6 6C12.8 47.7 34 47.7 34 47.7s21.2 0 26.5-1.4a8.5 8.5 0 0 0 6-6C67.9 35 67.9 24 67.9 24s0-11-1.4-16.3z"
          />
          <path d="M45 24 27 14v20z" fill="#fff" />
        </svg>
      </button>
      <a className="yt-link" href={href} rel={EXTERNAL_REL} target="_blank">
        Watch on YouTube
      </a>
    </youtube-preview>
  );
}

function renderToken(token: RichToken, key: number): ReactNode {
  switch (token.type) {
    case 'text':
      return token.value;
    case 'break':
      return <br key={key} />;
    case 'link':
      return token.href.startsWith('http') ? (
        <a key={key} className="rt-link" href={token.href} rel={EXTERNAL_REL} target="_blank">
          {token.label}
        </a>
      ) : (
        <a key={key} className="rt-link" href={token.href}>
          {token.label}
        </a>
      );
    case 'hashtag':
      return (
        <a key={key} className="rt-hashtag" href={token.href}>
          {token.label}
        </a>
      );
    case 'mention':
      return token.href ? (
        <a key={key} className="rt-mention" href={token.href}>
          @{token.name}
        </a>
      ) : (
        `@${token.name}`
      );
    case 'youtube':
      return <YouTubePreviewMarkup key={key} videoId={token.videoId} href={token.href} />;
  }
}

/** Tokens as elements, with no state: safe to render on the server without hydration. */
export function RichTextBody({ tokens }: { tokens: readonly RichToken[] }) {
  return <>{tokens.map(renderToken)}</>;
}

type Props = {
  text: string;
  /** The post's, comment's or reply's `mentions`: only these become profile links. */
  mentions?: readonly MentionRef[] | null;
  /** Show this many characters first, with a "See more" button. */
  limit?: number;
  className?: string;
};

/** Member text as rich text, optionally shortened with "See more" / "See less". */
export function RichText({ text, mentions, limit, className }: Props) {
  const tokens = useRichTokens(text, mentions);
  const preview = useMemo(() => (limit ? truncateTokens(tokens, limit) : { tokens, truncated: false }), [tokens, limit]);
  const [open, setOpen] = useState(false);
  const hasVideo = tokens.some((token) => token.type === 'youtube');
  useEffect(() => {
    if (hasVideo) void import('../../components/feed/youtube-preview');
  }, [hasVideo]);
  if (tokens.length === 0) return null;
  const shown = preview.truncated && !open ? preview.tokens : tokens;
  return (
    <div className={['rich-text', className].filter(Boolean).join(' ')} dir="auto">
      <RichTextBody tokens={shown} />
      {preview.truncated && (
        <>
          {!open && '… '}
          <button type="button" className="rt-more" aria-expanded={open} onClick={() => setOpen(!open)}>
            {open ? 'See less' : 'See more'}
          </button>
        </>
      )}
    </div>
  );
}
