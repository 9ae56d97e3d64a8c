import { describe, expect, test } from 'vitest';
import { decideGuard, routeAccess } from './guards';

const visitor = { signedIn: false, isAdmin: false };
const member = { signedIn: true, isAdmin: false };
const admin = { signedIn: true, isAdmin: true };
const at = (path: string) => new URL(path, 'http://127.0.0.1:4402');

describe('routeAccess', () => {
  test('marks settings pages as member-only', () => {
    expect(routeAccess('/settings/password')).toBe('member');
    expect(routeAccess('/settings')).toBe('member');
  });

  test('marks the connections screen as member-only, with its tabs in the query', () => {
    expect(routeAccess('/connections')).toBe('member');
    expect(routeAccess('/sessions')).toBe('member');
    expect(routeAccess('/connections/')).toBe('member');
    expect(routeAccess('/connectionsx')).toBe('public');
  });

  test('marks the reports page as admin-only', () => {
    expect(routeAccess('/admin/reports')).toBe('admin');
  });

  test('marks the admin area as admin-only, including a trailing slash, but not look-alike paths', () => {
    expect(routeAccess('/admin')).toBe('admin');
    expect(routeAccess('/admin/')).toBe('admin');
    expect(routeAccess('/admin/stats')).toBe('admin');
    expect(routeAccess('/administrator')).toBe('public');
  });

  test('marks sign-in and register as visitors-only and everything else as public', () => {
    expect(routeAccess('/sign-in')).toBe('guest');
    expect(routeAccess('/register')).toBe('guest');
    expect(routeAccess('/')).toBe('public');
    expect(routeAccess('/verify-email')).toBe('public');
  });
});

describe('decideGuard', () => {
  test('sends a visitor on a member page to sign-in with the page and query as next', () => {
    expect(decideGuard(at('/settings/password?x=1'), visitor)).toEqual({
      action: 'redirect',
      location: '/sign-in?next=%2Fsettings%2Fpassword%3Fx%3D1',
    });
  });

  test('sends a visitor on an admin page to sign-in too', () => {
    expect(decideGuard(at('/admin'), visitor)).toEqual({ action: 'redirect', location: '/sign-in?next=%2Fadmin' });
  });

  test('forbids the admin area to a signed-in member who is not an admin', () => {
    expect(decideGuard(at('/admin'), member)).toEqual({ action: 'forbidden' });
    expect(decideGuard(at('/admin/reports'), member)).toEqual({ action: 'forbidden' });
  });

  test('sends a visitor on the connections screen to sign-in, keeping the tab', () => {
    expect(decideGuard(at('/connections?tab=sent'), visitor)).toEqual({ action: 'redirect', location: '/sign-in?next=%2Fconnections%3Ftab%3Dsent' });
    expect(decideGuard(at('/connections'), member)).toEqual({ action: 'allow' });
  });

  test('lets admins into the admin area and members into member pages', () => {
    expect(decideGuard(at('/admin'), admin)).toEqual({ action: 'allow' });
    expect(decideGuard(at('/settings/password'), member)).toEqual({ action: 'allow' });
  });

  test('sends signed-in members away from sign-in and register to the home page', () => {
    expect(decideGuard(at('/sign-in'), member)).toEqual({ action: 'redirect', location: '/' });
    expect(decideGuard(at('/register'), admin)).toEqual({ action: 'redirect', location: '/' });
  });

  test('sends a signed-in member on sign-in straight to a safe next page, never to another site', () => {
    expect(decideGuard(at('/sign-in?next=%2Fsettings%2Fpassword'), member)).toEqual({ action: 'redirect', location: '/settings/password' });
    expect(decideGuard(at('/sign-in?next=https%3A%2F%2Fevil.example'), member)).toEqual({ action: 'redirect', location: '/' });
  });

  test('lets visitors see public and visitor-only pages', () => {
    expect(decideGuard(at('/sign-in'), visitor)).toEqual({ action: 'allow' });
    expect(decideGuard(at('/'), visitor)).toEqual({ action: 'allow' });
  });
});
