/**
 * docs/architecture.md is the map of the code: every folder of the API worker and every
 * folder two levels into the app worker is named on it, so a newcomer finds each one.
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const root = path.resolve(import.meta.dirname, '..');
const doc = readFileSync(path.join(root, 'docs/architecture.md'), 'utf8');

function folders(dir: string, depth: number, prefix = ''): string[] {
  return readdirSync(path.join(root, dir, prefix), { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .flatMap((entry) => {
      const name = prefix ? `${prefix}/${entry.name}` : entry.name;
      return depth > 1 ? [name, ...folders(dir, depth - 1, name)] : [name];
    });
}

/** Named as `folder/` (a path ending in the folder, so `src/lib/seo/` and `lib/seo/` both count). */
const named = (folder: string) => new RegExp(`(^|[\\s\`(/])${folder.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}/`, 'm').test(doc);

describe('docs/architecture.md', () => {
  it('names every folder of functions/src', () => {
    const api = folders('functions/src', 1);
    expect(api.length).toBeGreaterThan(30);
    expect(api.filter((folder) => !named(folder))).toEqual([]);
  });

  it('names every folder two levels into src', () => {
    const app = folders('src', 2);
    expect(app.length).toBeGreaterThan(40);
    expect(app.filter((folder) => !named(folder))).toEqual([]);
  });
});
