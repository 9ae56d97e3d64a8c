import { describe, expect, it } from 'vitest';
import { engineFloor, satisfiesFloor } from './node-version.mjs';

describe('the Node version check', () => {
  it('compares a version with the engines floor part by part', () => {
    expect(satisfiesFloor('v24.21.0', '22.12')).toBe(true);
    expect(satisfiesFloor('v22.12.0', '22.12')).toBe(true);
    expect(satisfiesFloor('v22.11.9', '22.12')).toBe(false);
    expect(satisfiesFloor('v20.20.2', '22.12')).toBe(false);
  });

  it('asks for a Node line that is still supported, which the node devDependency satisfies', async () => {
    const floor = engineFloor();
    // Node 20 reached its end of life on 2026-04-30.
    expect(Number(floor.split('.')[0])).toBeGreaterThanOrEqual(22);
    const { readFile } = await import('node:fs/promises');
    const manifest = JSON.parse(await readFile(new URL('../../package.json', import.meta.url), 'utf8'));
    expect(satisfiesFloor(`v${manifest.devDependencies.node}`, floor)).toBe(true);
  });
});
