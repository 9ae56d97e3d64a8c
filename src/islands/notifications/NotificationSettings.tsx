/**
 * Notification settings (/settings/notifications): per kind push, email or off; the digest
 * frequency; this device's push switch (the browser asks for permission only after the
 * click); and the list of devices with push on, each with "Remove". Each choice is saved at
 * once and confirmed under the choices, as the privacy switches are. A view of
 * `$notificationSettings`; the actions live in the store.
 */
import type { Channel, DigestFrequency, PreferenceKind } from '@api/push/kinds';
import { useStore } from '@nanostores/react';
import { useEffect, useState } from 'react';
import { pushSupported } from '../../lib/push/device';
import { $notificationSettings, type Device, notificationSettingsActions, type Preferences } from '../../lib/stores/notification-settings';
import { withErrorBoundary } from '../ui/ErrorBoundary';
import './notifications.css';

const KINDS: ReadonlyArray<{ kind: PreferenceKind; label: string }> = [
  { kind: 'messages', label: 'Messages' },
  { kind: 'messageRequests', label: 'Message requests' },
  { kind: 'connectionRequests', label: 'Connection requests' },
  { kind: 'connectionAccepted', label: 'Accepted connections' },
  { kind: 'mentions', label: 'Mentions' },
  { kind: 'replies', label: 'Replies to your posts' },
  { kind: 'sessions', label: 'Office-hours sessions' },
  { kind: 'savedSearches', label: 'New members matching your saved searches' },
  { kind: 'introductions', label: 'Weekly shortlist and match check-ins' },
];
const CHANNELS: ReadonlyArray<{ value: Channel; label: string }> = [
  { value: 'push', label: 'Push' },
  { value: 'email', label: 'Email' },
  { value: 'off', label: 'Off' },
];
const DIGESTS: ReadonlyArray<{ value: DigestFrequency; label: string }> = [
  { value: 'daily', label: 'Daily' },
  { value: 'weekly', label: 'Weekly' },
  { value: 'off', label: 'Off' },
];

/** "Chrome on Android" from a user agent, or the start of it. */
function deviceName(userAgent: string): string {
  const browser = /Edg\//.test(userAgent)
    ? 'Edge'
    : /Firefox\//.test(userAgent)
      ? 'Firefox'
      : /Chrom(e|ium)\//.test(userAgent)
        ? 'Chrome'
        : /Safari\//.test(userAgent)
          ? 'Safari'
          : null;
  const system = /Android/.test(userAgent)
    ? 'Android'
    : /iPhone|iPad/.test(userAgent)
      ? 'iOS'
      : /Mac OS X/.test(userAgent)
        ? 'macOS'
        : /Windows/.test(userAgent)
          ? 'Windows'
          : /Linux/.test(userAgent)
            ? 'Linux'
            : null;
  if (browser && system) return `${browser} on ${system}`;
  return userAgent.slice(0, 60) || 'Unknown device';
}

type Change = Parameters<typeof notificationSettingsActions.choose>[0];

/** The confirmation of a saved choice: "Saved: Mentions by email.", "Saved: no email digest." */
function savedText(change: Change): string {
  const [kind, channel] = Object.entries(change.channels ?? {})[0] ?? [];
  if (kind && channel) {
    const label = KINDS.find((entry) => entry.kind === kind)?.label ?? kind;
    return channel === 'off' ? `Saved: ${label} off.` : `Saved: ${label} by ${channel}.`;
  }
  return change.digest === 'off' ? 'Saved: no email digest.' : `Saved: the email digest ${change.digest}.`;
}

const dateOf = (iso: string) => new Date(iso).toLocaleDateString(undefined, { year: 'numeric', month: 'short', day: 'numeric' });

function NotificationSettings({ preferences, devices }: { preferences: Preferences; devices: Device[] }) {
  useEffect(() => void notificationSettingsActions.hydrate(preferences, devices), [preferences, devices]);
  const state = useStore($notificationSettings) ?? { preferences, devices, thisEndpoint: null };
  const [busy, setBusy] = useState(false);
  const [supported, setSupported] = useState(true);
  useEffect(() => setSupported(pushSupported()), []);
  const [status, setStatus] = useState('');
  const choose = async (change: Change) => {
    setStatus('Saving…');
    // A refusal is told by the store's toast and the choice is put back.
    setStatus((await notificationSettingsActions.choose(change)) ? savedText(change) : '');
  };
  const thisOn = state.thisEndpoint !== null && state.devices.some((device) => device.endpoint === state.thisEndpoint);

  const enable = async () => {
    setBusy(true);
    await notificationSettingsActions.enableThisDevice();
    setBusy(false);
  };

  return (
    <div className="notification-settings stack">
      <section className="card stack" aria-labelledby="push-device-heading">
        <h2 id="push-device-heading">This device</h2>
        {!supported ? (
          <p className="muted">This browser cannot show notifications. On iPhone and iPad, add FounderMesh to your Home Screen first.</p>
        ) : thisOn ? (
          <p>Notifications are on for this device.</p>
        ) : (
          <div className="stack">
            <p className="muted">Get a notification on this device when something happens while FounderMesh isn't open.</p>
            <div>
              <button type="button" className="btn btn-primary" onClick={enable} disabled={busy}>
                {busy ? 'Turning on…' : 'Turn on notifications'}
              </button>
            </div>
          </div>
        )}
      </section>

      <section className="card stack" aria-labelledby="kinds-heading">
        <h2 id="kinds-heading">What to tell you about</h2>
        <p className="muted">Push goes to your devices with notifications on; email goes to the address of your account.</p>
        {state.preferences.unsubscribed.includes('messages') && (
          <div className="unsubscribed-notice" role="status">
            <p>You unsubscribed from emails about unread messages with the link in an email. Choose Email again to get them.</p>
            <button type="button" className="btn" onClick={() => void choose({ channels: { messages: 'email' } })}>
              Email me about messages again
            </button>
          </div>
        )}
        {state.preferences.unsubscribed.includes('digest') && (
          <div className="unsubscribed-notice" role="status">
            <p>You unsubscribed from the email digest with the link in an email. Choose Daily or Weekly again to get it.</p>
            <button type="button" className="btn" onClick={() => void choose({ digest: state.preferences.digest === 'off' ? 'weekly' : state.preferences.digest })}>
              Send me the digest again
            </button>
          </div>
        )}
        {KINDS.map(({ kind, label }) => (
          <fieldset key={kind} className="channel-choice">
            <legend>{label}</legend>
            <div className="channel-options">
              {CHANNELS.map((channel) => (
                <label key={channel.value}>
                  <input
                    type="radio"
                    name={`channel-${kind}`}
                    value={channel.value}
                    checked={state.preferences.channels[kind] === channel.value}
                    onChange={() => void choose({ channels: { [kind]: channel.value } })}
                  />
                  {channel.label}
                </label>
              ))}
            </div>
          </fieldset>
        ))}
        <fieldset className="channel-choice">
          <legend>Email digest</legend>
          <div className="channel-options">
            {DIGESTS.map((digest) => (
              <label key={digest.value}>
                <input type="radio" name="digest" value={digest.value} checked={state.preferences.digest === digest.value} onChange={() => void choose({ digest: digest.value })} />
                {digest.label}
              </label>
            ))}
          </div>
        </fieldset>
        <p className="muted small" role="status">
          {status}
        </p>
      </section>

      <section className="card stack" aria-labelledby="devices-heading">
        <h2 id="devices-heading">Devices with notifications on</h2>
        {state.devices.length === 0 ? (
          <p className="muted">None yet.</p>
        ) : (
          <ul className="device-list">
            {state.devices.map((device) => (
              <li key={device._id}>
                <span>
                  <strong>{deviceName(device.userAgent)}</strong>
                  {device.endpoint === state.thisEndpoint && <span className="muted"> (this device)</span>}
                  <br />
                  <span className="muted">Since {dateOf(device.createdAt)}</span>
                </span>
                <button
                  type="button"
                  className="btn"
                  onClick={() => void notificationSettingsActions.removeDevice(device)}
                  aria-label={`Remove ${deviceName(device.userAgent)}, added ${dateOf(device.createdAt)}`}
                >
                  Remove
                </button>
              </li>
            ))}
          </ul>
        )}
      </section>
    </div>
  );
}

export default withErrorBoundary(NotificationSettings);
