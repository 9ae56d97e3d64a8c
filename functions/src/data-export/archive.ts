/**
 * The member's data download: a zip of a README, their media files (streamed from R2 one
 * after another) and one JSON document per kind, produced while it is read.
 */
import type { Deps } from '../deps';
import { collectMemberData } from './collect';
import { documentsOf, mediaFilesOf, type LinkedIdentity } from './documents';
import { zipStream, type ZipSource } from './zip-stream';

export type ArchiveDeps = Pick<Deps, 'db' | 'clock' | 'notifications' | 'profileViews' | 'inbox'> & { media: R2Bucket };

/** The archive's README: what each file holds and the rules of what is left out. */
const README = `Your FounderMesh data
=====================

profile.json          your account, founder or advisor profile, onboarding draft, the members you blocked and the reports you filed
posts.json            your posts with their media, polls and earlier versions
comments.json         your comments and replies
reactions.json        the posts you liked
votes.json            your poll votes
connections.json      your connection requests, sent and received, and their state
messages.json         your conversations (with whom, when, how many messages) and the messages you sent, with their attachments
notifications.json    the notifications you received
profile-views.json    views of your profile and the profiles you viewed
sign-in-methods.json  your password and linked sign-in providers (never the password itself)
subscription.json     your Premium state and billing history (FounderMesh holds no card data)
introductions.json    your Interested and Not now answers on candidates, your matches (who is interested in you is their choice and stays out), your weekly shortlists and your answers to "Did you meet?"
verification.json     your verified badges (LinkedIn, work address with its domain), whether one was withdrawn, and a work code waiting
consents.json         when you accepted the Terms of Service and the Privacy Policy, and turned the digest on or off, with their versions
media/                your profile picture and banner, your posts' media and the attachments you sent

Messages other members wrote to you are theirs: conversations list them only as counts.
So are the notes on requests they sent you, their comments and replies, and their posts and
comments that mention you: notifications.json lists those notifications without their text,
and the reports you filed are listed without the copy of what you reported.
A member who browses privately, or a member on either side of a block, is never named in
your profile views. Times are in UTC (ISO 8601).
`;

/** The file name of a download made at `now`: foundermesh-data-2026-11-25.zip. */
export function archiveName(now: Date): string {
  return `foundermesh-data-${now.toISOString().slice(0, 10)}.zip`;
}

/**
 * The member's archive as a stream, or null when the account is gone. The rows are read
 * first (one snapshot); the media and documents are written as the stream is read.
 */
export async function memberArchive(
  deps: ArchiveDeps,
  userId: string,
  identities: readonly LinkedIdentity[],
  onError?: (error: unknown) => void,
): Promise<ReadableStream<Uint8Array> | null> {
  const data = await collectMemberData(deps.db, userId, deps);
  if (!data) return null;
  const now = deps.clock.now();
  const media = mediaFilesOf(data);
  // Filled as the media are written, before the documents that point at them.
  const written = new Map<string, string>();

  const sources = function* (): Generator<ZipSource> {
    yield { kind: 'text', path: 'README.txt', text: () => README };
    for (const file of media) {
      yield {
        kind: 'stream',
        path: file.path,
        open: async () => {
          const object = await deps.media.get(file.key);
          if (object) written.set(file.key, file.path);
          return object?.body ?? null;
        },
      };
    }
    const fileOf = (key: string | null) => (key ? (written.get(key) ?? null) : null);
    for (const document of documentsOf(data, { now, fileOf, identities })) {
      yield { kind: 'text', path: document.path, text: () => JSON.stringify(document.content, null, 2) };
    }
  };

  return zipStream(sources(), { mtime: now, onError });
}
