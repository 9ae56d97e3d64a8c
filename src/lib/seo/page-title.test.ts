import { describe, expect, it } from 'vitest';
import { pageTitle } from './page-title';

describe('pageTitle', () => {
  it('adds the site name after the page title', () => {
    expect(pageTitle('Sign in')).toBe('Sign in · FounderMesh');
  });

  it('uses the site name alone for an empty title or the site name itself', () => {
    expect(pageTitle('')).toBe('FounderMesh');
    expect(pageTitle('  ')).toBe('FounderMesh');
    expect(pageTitle(undefined)).toBe('FounderMesh');
    expect(pageTitle('FounderMesh')).toBe('FounderMesh');
  });
});
