/**
 * Privacy settings (/settings/privacy): whether search engines may list the member's
 * profile, and whether they browse profiles privately: a view of `$privacy`, whose action
 * turns a switch at once and puts it back with a toast when the server refuses. Beside them,
 * whether Premium members they are not connected with may send message requests
 * (`$requestSetting`, the same way). Below the switches, the member's private phone number
 * (PhoneSetting).
 */
import type { Privacy } from '@api/profiles/schemas';
import { useStore } from '@nanostores/react';
import { useState } from 'react';
import { $requestSetting, requestSettingActions } from '../../lib/stores/message-requests';
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

const REQUESTS_SAVED: [on: string, off: string] = [
  'Premium members you are not connected with may now send you message requests.',
  'Message requests are now off. Requests already in your inbox stay there.',
];

/** `requests`: whether the member accepts message requests; null when it could not be read (the switch is left out). */
function PrivacySettings({ initial, requests = null }: { initial: Privacy; requests?: { accepting: boolean } | null }) {
  useState(() => {
    privacyActions.hydrate(initial);
    if (requests) requestSettingActions.hydrate(requests.accepting);
  });
  const privacy = useStore($privacy);
  const requestSetting = useStore($requestSetting);
  const [status, setStatus] = useState('');

  const changeRequests = async (accepting: boolean) => {
    setStatus('Saving…');
    const outcome = await requestSettingActions.choose(accepting);
    if (outcome === 'saved') setStatus(REQUESTS_SAVED[accepting ? 0 : 1]);
    else if (outcome === 'refused') setStatus('');
  };

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
          {requests && (
            <Switch
              field="acceptsMessageRequests"
              label="Accept message requests"
              hint="Premium members you are not connected with may write to you once. Their message waits under Requests in your inbox until you accept or decline it. Turned off, nobody can send you a new request."
              checked={requestSetting.accepting}
              onChange={(value) => void changeRequests(value)}
            />
          )}
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
