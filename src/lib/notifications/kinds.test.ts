import { describe, expect, test } from 'vitest';
import { NOTIFICATION_KINDS } from '@api/notifications/schemas';
import { kindDisplay, notificationHref } from './kinds';

describe('notification kinds', () => {
  test('every kind the API sends has a label and an icon', () => {
    for (const kind of NOTIFICATION_KINDS) expect(kindDisplay(kind).label).not.toBe('Notice');
    expect(kindDisplay('something.new')).toEqual({ label: 'Notice', icon: 'shield' });
  });

  test('only same-site app paths are followed', () => {
    expect(notificationHref('/post/hello')).toBe('/post/hello');
    expect(notificationHref('/inbox?personalInbox=t1')).toBe('/inbox?personalInbox=t1');
    expect(notificationHref('//evil.test/x')).toBe('/notifications');
    expect(notificationHref('https://evil.test')).toBe('/notifications');
    expect(notificationHref('javascript:alert(1)')).toBe('/notifications');
    expect(notificationHref(null)).toBe('/notifications');
  });
});
