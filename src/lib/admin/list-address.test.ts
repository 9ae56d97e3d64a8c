import { describe, expect, test } from 'vitest';
import { listAddress, oneOf, pageParam } from './list-address';

describe('admin list addresses', () => {
  test('keep the filters, leave out empty ones and page 1', () => {
    expect(listAddress('/admin/members', { q: 'ada lovelace', role: '', page: 1 })).toBe('/admin/members?q=ada+lovelace');
    expect(listAddress('/admin/members', { q: null, role: 'admin', page: 3 })).toBe('/admin/members?role=admin&page=3');
    expect(listAddress('/admin/audit', {})).toBe('/admin/audit');
  });

  test('read the page as a whole number from 1', () => {
    expect(pageParam(new URL('https://x.test/a?page=4'))).toBe(4);
    for (const bad of ['0', '-2', 'abc', '1e9', '']) expect(pageParam(new URL(`https://x.test/a?page=${bad}`))).toBe(1);
  });

  test('accept only the allowed values of a filter', () => {
    expect(oneOf('admin', ['member', 'admin'] as const)).toBe('admin');
    expect(oneOf('root', ['member', 'admin'] as const)).toBeUndefined();
    expect(oneOf(null, ['pending', 'all'] as const, 'pending')).toBe('pending');
  });
});
