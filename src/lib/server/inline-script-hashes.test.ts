import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { THEME_SCRIPT } from '../inline-scripts/theme-script';
import { inlineScriptHashes, sha256Source } from './inline-script-hashes';

describe('inline script hashes', () => {
  it('name a script by the SHA-256 of its exact text, as browsers check it', async () => {
    const expected = createHash('sha256').update('alert(1)').digest('base64');
    expect(await sha256Source('alert(1)')).toBe(`'sha256-${expected}'`);
  });

  it("cover the theme script, Astro's island loader (built and development) and its five directives, and the filters' fold", async () => {
    const hashes = await inlineScriptHashes();
    expect(hashes).toContain(await sha256Source(THEME_SCRIPT));
    expect(new Set(hashes).size).toBe(9);
  });
});
