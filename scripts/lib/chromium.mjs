// The browser tests drive Debian's Chromium; nothing here ever downloads a browser.
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';

export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

/** The flags this machine's Chromium needs, besides its headless mode (the browser tests and bench/lighthouse.mjs). */
export const CHROMIUM_FLAGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

/** Installs Debian's chromium package through apt when the browser is missing. */
export function ensureChromium() {
  if (existsSync(CHROMIUM_PATH)) return;
  console.log(`• ${CHROMIUM_PATH} is missing: installing Debian's chromium with apt`);
  const asRoot = process.getuid?.() === 0;
  const sudo = asRoot ? [] : ['sudo', '-n'];
  const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
  for (const args of [
    ['apt-get', 'update'],
    ['apt-get', 'install', '-y', '--no-install-recommends', 'chromium'],
  ]) {
    const command = [...sudo, ...args];
    const result = spawnSync(command[0], command.slice(1), { stdio: 'inherit', env });
    if (result.status !== 0) throw new Error(`${command.join(' ')} failed (exit ${result.status})`);
  }
  if (!existsSync(CHROMIUM_PATH)) throw new Error(`apt installed chromium but ${CHROMIUM_PATH} is still missing`);
}
