/**
 * The composer: text with @-mention suggestions, an optional poll, pictures or a video
 * with alt texts, and the group to post in. While it posts, the new post already shows in
 * the feed with its upload progress; a refusal keeps the draft and says why.
 */
import { POST_TEXT_MAX } from '@api/shared/feed-limits';
import { Suspense, useId, useRef, useState, type FormEvent } from 'react';
import { overLimit } from '../../lib/feed/mentions';
import { draftIsEmpty, pollOverLimit, type PollDraft, type PostDraft } from '../../lib/feed/post-form';
import type { FeedGroup, MemberCard } from '../../lib/feed/types';
import { feedActions } from '../../lib/stores/feed';
import { toast } from '../../lib/toast';
import { toAppError } from '../../lib/errors';
import { fileRefusal } from '../../lib/file-refusal';
import { failureKind } from '../../lib/rate-limited';
import { Avatar } from '../ui/Avatar';
import { useLimitRefusal } from '../ui/use-limit-refusal';
import { MentionTextarea } from './MentionTextarea';
import { MediaPicker, PollBuilder } from './lazy';
import { addFiles, altOverLimit, MEDIA_ACCEPT, type PickedFile } from './media-files';

interface Props {
  viewer: MemberCard;
  groups: FeedGroup[];
  /** The group the feed shows: new posts go there by default. */
  group: string | null;
}

/** The API names a post's files `media.0`, `media.1`…; their refusals are told in a member's words. */
const isMediaField = (field: string) => /^media\.\d+$/.test(field);

const NEW_POLL: PollDraft = { question: '', options: ['', ''], closesAt: '' };

/** The groups a member may post in (their audience includes the member's type). */
function postableGroups(groups: FeedGroup[], viewer: MemberCard): FeedGroup[] {
  return groups.filter((group) => group.audience === 'all' || group.audience === viewer.memberType);
}

export function Composer({ viewer, groups, group: current }: Props) {
  const id = useId();
  const fileInput = useRef<HTMLInputElement>(null);
  const postable = postableGroups(groups, viewer);
  const [text, setText] = useState('');
  const [poll, setPoll] = useState<PollDraft | null>(null);
  const [files, setFiles] = useState<PickedFile[]>([]);
  const [group, setGroup] = useState<string>(postable.some((item) => item.key === current) ? current! : '');
  const [error, setError] = useState<string | null>(null);
  const [posting, setPosting] = useState(false);

  const draft: PostDraft = { text, poll, group: group || null, files: files.map(({ file, alt }) => ({ file, alt })) };
  const limit = useLimitRefusal(overLimit(text, POST_TEXT_MAX, 'post') ?? pollOverLimit(poll) ?? altOverLimit(files));
  const shownError = limit.shown ?? error;

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (posting) return;
    if (draftIsEmpty(draft)) {
      setError('Write something, add a poll or a picture first.');
      return;
    }
    setError(null);
    if (limit.refuse()) return;
    setPosting(true);
    try {
      const created = await feedActions.create(draft, viewer);
      // The new post sits just under the composer; bring it into view if the page was scrolled.
      requestAnimationFrame(() => document.querySelector(`[data-post-id="${created._id}"]`)?.scrollIntoView({ block: 'nearest', behavior: 'smooth' }));
      files.forEach((item) => URL.revokeObjectURL(item.preview));
      setText('');
      setPoll(null);
      setFiles([]);
      toast('Posted.', { kind: 'success' });
    } catch (cause) {
      const error = toAppError(cause);
      const message = fileRefusal(error, 'postMedia', isMediaField) ?? error.message;
      setError(message);
      toast(message, { kind: failureKind(error) });
    } finally {
      setPosting(false);
    }
  }

  return (
    <form className="card fd-composer" onSubmit={submit} aria-labelledby={`${id}-title`} noValidate={false}>
      <h2 id={`${id}-title`} className="visually-hidden">
        Create a post
      </h2>
      <div className="fd-composer-head">
        <Avatar member={viewer} size={40} />
        <MentionTextarea
          id={`${id}-text`}
          label="What would you like to share?"
          hideLabel
          placeholder="Share an update, ask for advice… Type @ to mention someone."
          value={text}
          onChange={setText}
          maxLength={POST_TEXT_MAX}
          disabled={posting}
        />
      </div>
      {poll && (
        <Suspense fallback={null}>
          <PollBuilder idPrefix={id} poll={poll} onChange={setPoll} onRemove={() => setPoll(null)} disabled={posting} />
        </Suspense>
      )}
      {files.length > 0 && (
        <Suspense fallback={null}>
          <MediaPicker files={files} onChange={setFiles} disabled={posting} />
        </Suspense>
      )}
      {shownError && (
        <p className="field-error" role="alert">
          {shownError}
        </p>
      )}
      <div className="fd-composer-tools">
        <div className="cluster">
          <input
            ref={fileInput}
            id={`${id}-media`}
            type="file"
            accept={MEDIA_ACCEPT}
            multiple
            hidden
            aria-label="Add picture or video"
            onChange={(event) => {
              const added = Array.from(event.target.files ?? []);
              event.target.value = '';
              const result = addFiles(files, added);
              if ('error' in result) setError(result.error);
              else {
                setError(null);
                setFiles(result.files);
              }
            }}
          />
          <button type="button" className="btn btn-secondary btn-sm" disabled={posting} onClick={() => fileInput.current?.click()}>
            Add picture or video
          </button>
          {!poll && (
            <button type="button" className="btn btn-secondary btn-sm" disabled={posting} onClick={() => setPoll(NEW_POLL)}>
              Add poll
            </button>
          )}
          <label className="fd-group-choice">
            <span className="visually-hidden">Post in</span>
            <select value={group} onChange={(event) => setGroup(event.target.value)} disabled={posting}>
              <option value="">Everyone</option>
              {postable.map((item) => (
                <option key={item.key} value={item.key}>
                  {item.name}
                </option>
              ))}
            </select>
          </label>
        </div>
        <button type="submit" className="btn btn-primary" disabled={posting}>
          {posting ? 'Posting…' : 'Post'}
        </button>
      </div>
    </form>
  );
}
