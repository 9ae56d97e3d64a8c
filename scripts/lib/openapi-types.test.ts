import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { openApiTypes, TYPES_FILE } from './openapi-types.mjs';

describe('the generated client types', () => {
  it('match the OpenAPI document the code builds now (else run `npm run types:openapi`)', async () => {
    expect(readFileSync(TYPES_FILE, 'utf8') === (await openApiTypes())).toBe(true);
  }, 120_000);
});
