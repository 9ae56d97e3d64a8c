/** The `app_meta` markers the demo seeds leave once a part of the demo data is in. */
import { eq } from 'drizzle-orm';
import type { Deps } from '../deps';
import { appMeta } from '../db/schema';

/** Whether the marker `key` is present. */
export async function hasMarker(deps: Pick<Deps, 'db'>, key: string): Promise<boolean> {
  const [row] = await deps.db.select().from(appMeta).where(eq(appMeta.key, key)).limit(1);
  return row !== undefined;
}
