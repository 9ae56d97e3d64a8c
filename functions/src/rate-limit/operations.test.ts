/// <reference types="vite/client" />
import { describe, expect, it } from 'vitest';
import { bodyOf, get } from '../../test/api';
import { OPERATION_LIMITS } from './operations';
import { BACKOFF_RULES, RATE_LIMITS } from './policies';

/** The production sources of functions/src, as text, by path under it ('inbox/routes.ts'). */
const sources = Object.fromEntries(
  Object.entries(import.meta.glob<string>(['../**/*.ts', '!../**/*.test.ts'], { query: '?raw', import: 'default', eager: true })).map(([path, text]) => [path.slice(3), text]),
);

describe('flood limits of the state-changing operations', () => {
  it('name every POST, PUT, PATCH and DELETE of the OpenAPI document: a limit or a written reason to be exempt', async () => {
    const document = await bodyOf(await get('/openapi.json'));
    const operations = Object.entries(document.paths as Record<string, Record<string, unknown>>).flatMap(([path, item]) =>
      Object.keys(item)
        .filter((method) => ['post', 'put', 'patch', 'delete'].includes(method))
        .map((method) => `${method.toUpperCase()} ${path}`),
    );
    expect(operations.length).toBeGreaterThan(70);
    expect(operations.filter((operation) => !(operation in OPERATION_LIMITS))).toEqual([]);
    expect(Object.keys(OPERATION_LIMITS).filter((operation) => !operations.includes(operation))).toEqual([]);
  });

  it('count each claimed limit where the table says, and give every exemption a reason', () => {
    expect(Object.keys(sources).length).toBeGreaterThan(150);
    for (const [operation, rule] of Object.entries(OPERATION_LIMITS)) {
      if ('exempt' in rule) {
        expect(rule.exempt.length, operation).toBeGreaterThan(10);
        continue;
      }
      expect(rule.limits.length, operation).toBeGreaterThan(0);
      for (const name of rule.limits) {
        expect(name in RATE_LIMITS || name in BACKOFF_RULES, `${operation}: ${name}`).toBe(true);
        expect(sources[rule.in], `${operation}: ${rule.in}`).toContain(`'${name}'`);
      }
    }
  });
});
