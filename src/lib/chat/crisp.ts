/**
 * The Crisp adapter of the chat port: the commands that identify a member, and a loader
 * that adds the widget script. Commands are plain data so they are unit-tested.
 */
import type { ChatIdentity } from './identity';

const CRISP_SCRIPT_SRC = 'https://client.crisp.chat/l.js';

export type CrispCommand = [verb: 'set' | 'do', key: string, args?: unknown[]];

/** The `$crisp.push` commands for an identity; a visitor (null) resets any earlier session. */
export function crispCommands(identity: ChatIdentity | null): CrispCommand[] {
  if (!identity) return [['do', 'session:reset']];
  const commands: CrispCommand[] = [
    ['set', 'user:email', [identity.email]],
    ['set', 'user:nickname', [identity.nickname]],
  ];
  if (identity.phone) commands.push(['set', 'user:phone', [identity.phone]]);
  commands.push(['set', 'session:segments', [[identity.userType]]]);
  commands.push(['set', 'session:data', [Object.entries({ userType: identity.userType, ...identity.data })]]);
  return commands;
}

type CrispWindow = Window & { $crisp?: unknown[]; CRISP_WEBSITE_ID?: string };

/** Adds the Crisp widget to the page (once), queueing the given commands before it boots. */
export function loadCrisp(websiteId: string, commands: CrispCommand[]): void {
  const w = window as CrispWindow;
  if (w.$crisp) {
    pushCrisp(commands);
    return;
  }
  w.$crisp = [...commands];
  w.CRISP_WEBSITE_ID = websiteId;
  const script = document.createElement('script');
  script.src = CRISP_SCRIPT_SRC;
  script.async = true;
  document.head.appendChild(script);
}

/** Sends commands to a widget that is already loaded (or still queueing). */
export function pushCrisp(commands: CrispCommand[]): void {
  const queue = (window as CrispWindow).$crisp;
  for (const command of commands) queue?.push(command);
}
