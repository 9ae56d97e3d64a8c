// Where the local stack keeps a Durable Object named by a member's id, so the scale generator
// can write the member objects' SQLite files directly, as it writes the D1 file.
//
// workerd names a local object's file by its id: for `idFromName(name)` the first 16 bytes are
// HMAC-SHA256(key, name) and the last 16 HMAC-SHA256(key, first 16), where key is
// SHA-256 of the namespace's unique key, `<script>-<class>` (workerd
// src/workerd/server/actor-id-impl.c++, ActorIdFactoryImpl::idFromName and computeMac).
import { createHash, createHmac } from 'node:crypto';
import path from 'node:path';

/** The script name of the API worker (functions/wrangler.toml `name`). */
export const API_SCRIPT = 'foundermesh-api';

/** The hex id workerd gives `namespace.idFromName(name)` for `className` of `script`. */
export function objectIdFromName(script, className, name) {
  const key = createHash('sha256').update(`${script}-${className}`).digest();
  const base = createHmac('sha256', key).update(name).digest().subarray(0, 16);
  const mac = createHmac('sha256', key).update(base).digest().subarray(0, 16);
  return Buffer.concat([base, mac]).toString('hex');
}

/** The SQLite file of the object of `className` named `name`, in a state folder. */
export function objectFile(stateDir, className, name, script = API_SCRIPT) {
  return path.join(stateDir, 'v3', 'do', `${script}-${className}`, `${objectIdFromName(script, className, name)}.sqlite`);
}
