/**
 * Privacy settings (/settings/privacy): whether search engines may list the member's
 * profile, and whether they browse profiles privately. A switch takes effect at once
 * (optimistic); PATCH /profile/privacy confirms it, and a refusal puts the switch back
 * with a toast saying why.
 */
import type { Privacy } from '@api/profiles/schemas';
import { useRef, useState } from 'react';
import { session } from '../../lib/api/client';
import { toAppError } from '../../lib/errors';
import { toast } from '../../lib/toast';
import { withErrorBoundary } from '../ui/ErrorBoundary';
import { Switch } from './fields';
import './profiles.css';

type Choice = keyof Privacy;

const CHOICES: ReadonlyArray<{ key: Choice; label: string; hint: string; saved: [on: string, off: string] }> = [
  {
    key: 'searchIndexing',
    label: 'Show my profile in search engines',
    hint: 'Search engines such as Google may list your public profile page. Turned off, the page asks them not to index it and it leaves our sitemap. Members still find you inside FounderMesh.',
    saved: ['Search engines may now list your profile.', 'Search engines are now asked not to list your profile.'],
  },
  {
    key: 'privateBrowsing',
    label: 'Browse privately',
    hint: 'Members whose profiles you open see a private viewer instead of your name. Your visits still count towards their views.',
    saved: ['You now browse privately.', 'Members now see your name when you view their profile.'],
  },
];

function PrivacySettings({ initial }: { initial: Privacy }) {
  const [privacy, setPrivacy] = useState(initial);
  const [status, setStatus] = useState('');
  // The latest change per switch: an older answer never overrides a newer click.
  const latest = useRef<Partial<Record<Choice, number>>>({});

  const change = async (key: Choice, value: boolean, messages: [string, string]) => {
    const ticket = (latest.current[key] ?? 0) + 1;
    latest.current[key] = ticket;
    setPrivacy((current) => ({ ...current, [key]: value }));
    setStatus('Saving…');
    try {
      const answer = await session<Privacy>('profile/privacy', { method: 'PATCH', body: { [key]: value } });
      if (latest.current[key] !== ticket) return;
      setPrivacy((current) => ({ ...current, [key]: answer[key] }));
      setStatus(messages[value ? 0 : 1]);
    } catch (cause) {
      if (latest.current[key] !== ticket) return;
      setPrivacy((current) => ({ ...current, [key]: !value }));
      setStatus('');
      toast(`Your choice was not saved: ${toAppError(cause).message}`, { kind: 'error' });
    }
  };

  return (
    <div className="card stack">
      <div className="pf-privacy-list">
        {CHOICES.map((choice) => (
          <Switch
            key={choice.key}
            field={choice.key}
            label={choice.label}
            hint={choice.hint}
            checked={privacy[choice.key]}
            onChange={(value) => void change(choice.key, value, choice.saved)}
          />
        ))}
      </div>
      <p className="muted small" role="status">
        {status}
      </p>
    </div>
  );
}

export default withErrorBoundary(PrivacySettings);
