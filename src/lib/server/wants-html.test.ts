import { expect, test } from 'vitest';
import { wantsHtml } from './wants-html';

const withAccept = (accept?: string) => new Request('http://x.test/api/logout', { method: 'POST', headers: accept ? { accept } : {} });

test('a browser form post asks for HTML', () => {
  expect(wantsHtml(withAccept('text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8'))).toBe(true);
});

test('fetch and JSON clients do not ask for HTML', () => {
  expect(wantsHtml(withAccept('application/json'))).toBe(false);
  expect(wantsHtml(withAccept('*/*'))).toBe(false);
  expect(wantsHtml(withAccept())).toBe(false);
});
