/**
 * The notification settings page (/settings/notifications): the member's preferences (per
 * kind push, email or off; the digest) and their push devices, with the actions that change
 * them. Each change is sent at once; a refusal puts the old value back with a toast.
 */
import type { Channel, DigestFrequency, PreferenceKind } from '@api/push/kinds';
import { atom } from 'nanostores';
import { api as sessionApi, type ApiClient, data } from '../api/client';
import { currentEndpoint, unsubscribeThisBrowser } from '../push/device';
import { enablePushOnThisDevice, type PushDevice } from '../push/enable';
import { toast } from '../toast';

/** `unsubscribed`: the mail lists the member left by the link in a mail (choosing mail again joins). */
export type Preferences = { channels: Record<PreferenceKind, Channel>; digest: DigestFrequency; unsubscribed: Array<'messages' | 'digest'> };
export type Device = PushDevice;
export type NotificationSettings = { preferences: Preferences; devices: Device[]; thisEndpoint: string | null };

export const $notificationSettings = atom<NotificationSettings | null>(null);

const messageOf = (error: unknown) => (error instanceof Error ? error.message : 'Something went wrong.');

export function createNotificationSettingsActions(
  store = $notificationSettings,
  api: ApiClient = sessionApi,
  notify = (message: string, kind: 'success' | 'error') => toast(message, { kind }),
) {
  const update = (change: (state: NotificationSettings) => NotificationSettings) => {
    const state = store.get();
    if (state) store.set(change(state));
  };

  /** Starts from what the page rendered, then learns whether this browser is subscribed. */
  async function hydrate(preferences: Preferences, devices: Device[]): Promise<void> {
    store.set({ preferences, devices, thisEndpoint: null });
    const endpoint = await currentEndpoint().catch(() => null);
    update((state) => ({ ...state, thisEndpoint: endpoint }));
  }

  async function choose(change: { channels?: Partial<Record<PreferenceKind, Channel>>; digest?: DigestFrequency }): Promise<boolean> {
    const before = store.get();
    if (!before) return false;
    update((state) => ({
      ...state,
      preferences: { ...state.preferences, channels: { ...state.preferences.channels, ...change.channels }, digest: change.digest ?? state.preferences.digest },
    }));
    try {
      const saved = await data(api.notifications.preferences.$patch({ json: change }));
      update((state) => ({ ...state, preferences: saved }));
      return true;
    } catch (error) {
      update((state) => ({ ...state, preferences: before.preferences }));
      notify(`Your choice was not saved: ${messageOf(error)}`, 'error');
      return false;
    }
  }

  /** Turns push on for this browser (from a click: the browser asks for permission). */
  async function enableThisDevice(): Promise<boolean> {
    try {
      const enabled = await enablePushOnThisDevice(api);
      if ('refused' in enabled) {
        notify(enabled.refused, 'error');
        return false;
      }
      const { device } = enabled;
      update((state) => ({ ...state, thisEndpoint: device.endpoint, devices: [...state.devices.filter((d) => d._id !== device._id), device] }));
      notify('Notifications are on for this device.', 'success');
      return true;
    } catch (error) {
      notify(`Notifications could not be turned on: ${messageOf(error)}`, 'error');
      return false;
    }
  }

  async function removeDevice(device: Device): Promise<boolean> {
    try {
      await data(api.push.devices[':id'].$delete({ param: { id: device._id } }));
      const wasThis = store.get()?.thisEndpoint === device.endpoint;
      if (wasThis) await unsubscribeThisBrowser().catch(() => undefined);
      update((state) => ({ ...state, devices: state.devices.filter((d) => d._id !== device._id), thisEndpoint: wasThis ? null : state.thisEndpoint }));
      notify('The device will get no more notifications.', 'success');
      return true;
    } catch (error) {
      notify(`The device was not removed: ${messageOf(error)}`, 'error');
      return false;
    }
  }

  return { hydrate, choose, enableThisDevice, removeDevice };
}

export const notificationSettingsActions = createNotificationSettingsActions();
