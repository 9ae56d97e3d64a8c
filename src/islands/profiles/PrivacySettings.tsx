/**
 * Privacy settings (/settings/privacy): whether search engines may list the member's
 * profile, and whether they browse profiles privately: a view of `$privacy`, whose action
 * turns a switch at once and puts it back with a toast when the server refuses. Below the
 * switches, the member's private phone number (PhoneSetting).
 */
import type { Privacy } from '@api/profiles/schemas';
import { useStore } from '@nanostores/react';
import { useState } from 'react';
import { $privacy, privacyActions, type PrivacyChoice } from '../../lib/stores/privacy';
import { withErrorBoundary } from '../ui/ErrorBoundary';
import { Switch } from './fields';
import { PhoneSetting } from './PhoneSetting';
import './profiles.css';

const CHOICES: ReadonlyArray<{ key: PrivacyChoice; label: string; hint: string; saved: [on: string, off: string] }> = [
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
  useState(() => privacyActions.hydrate(initial));
  const privacy = useStore($privacy);
  const [status, setStatus] = useState('');

  const change = async (key: PrivacyChoice, value: boolean, messages: [string, string]) => {
    setStatus('Saving…');
    const outcome = await privacyActions.choose(key, value);
    if (outcome === 'saved') setStatus(messages[value ? 0 : 1]);
    else if (outcome === 'refused') setStatus('');
  };

  return (
    <div className="stack">
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
      <PhoneSetting />
    </div>
  );
}

export default withErrorBoundary(PrivacySettings);
