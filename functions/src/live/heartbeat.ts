/**
 * The live connection's timings: Engine.IO v4 heartbeats come from the server (a ping
 * every `pingInterval`; a socket that has not answered within `pingTimeout` more is
 * closed), and a socket must connect its namespace within `connectTimeout` of opening.
 * Also how many sockets one member may hold open.
 */
import { FLOOD_LIMITS } from '../rate-limit/policies';

/** What a member's object reads from its worker's vars (wrangler.toml [vars]; LIVE_MAX_SOCKETS for the bench). */
export type HeartbeatVars = { LIVE_PING_INTERVAL_MS?: string; LIVE_PING_TIMEOUT_MS?: string; LIVE_MAX_SOCKETS?: string };

export type HeartbeatSettings = { pingInterval: number; pingTimeout: number; connectTimeout: number; maxPayload: number; maxSockets: number };

/** socket.io's own defaults. */
export const DEFAULT_PING_INTERVAL_MS = 25_000;
export const DEFAULT_PING_TIMEOUT_MS = 20_000;
const CONNECT_TIMEOUT_MS = 45_000;
const MAX_PAYLOAD_BYTES = 1_000_000;
/** Alarms are not exact to the millisecond; shorter heartbeats would be noise. */
const MIN_MS = 250;

function millis(value: string | undefined, fallback: number): number {
  const parsed = Number(value);
  return value !== undefined && value.trim() !== '' && Number.isInteger(parsed) && parsed >= MIN_MS ? parsed : fallback;
}

function socketCap(value: string | undefined): number {
  const parsed = Number(value);
  return value !== undefined && Number.isInteger(parsed) && parsed >= 1 ? parsed : FLOOD_LIMITS.liveSocketsPerMember;
}

/** The settings of the vars, falling back to socket.io's defaults for a missing or unusable value. */
export function heartbeatSettings(vars: HeartbeatVars): HeartbeatSettings {
  return {
    pingInterval: millis(vars.LIVE_PING_INTERVAL_MS, DEFAULT_PING_INTERVAL_MS),
    pingTimeout: millis(vars.LIVE_PING_TIMEOUT_MS, DEFAULT_PING_TIMEOUT_MS),
    connectTimeout: CONNECT_TIMEOUT_MS,
    maxPayload: MAX_PAYLOAD_BYTES,
    // Open sockets per member (docs/security.md "Floods"); the live bench holds 1,000 of one member.
    maxSockets: socketCap(vars.LIVE_MAX_SOCKETS),
  };
}

/**
 * Whether a socket has missed its heartbeat: its last pong (or, before the first one, its
 * opening) is older than one interval plus the timeout. Pinged every interval, a live
 * client is never more than one interval behind.
 */
export function missedHeartbeat(lastSign: number, now: number, settings: Pick<HeartbeatSettings, 'pingInterval' | 'pingTimeout'>): boolean {
  return now - lastSign > settings.pingInterval + settings.pingTimeout;
}
