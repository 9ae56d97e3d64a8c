// The whole local stack (scripts/start.mjs: wrangler dev with both workers and their
// workerd) as one process group, for the load and fault benches: started, measured (CPU
// time of every process in the group, from /proc), stopped with SIGTERM or killed with
// SIGKILL, all at once.
import { spawn } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { root } from '../../scripts/lib/run.mjs';

const TICKS_PER_SECOND = 100; // USER_HZ on Linux

/** Fields of /proc/<pid>/stat after the command name (which may hold spaces). */
function statOf(pid) {
  try {
    const text = readFileSync(`/proc/${pid}/stat`, 'utf8');
    return text.slice(text.lastIndexOf(')') + 2).split(' ');
  } catch {
    return null; // gone meanwhile
  }
}

const commandOf = (pid) => {
  try {
    return readFileSync(`/proc/${pid}/comm`, 'utf8').trim();
  } catch {
    return '?';
  }
};

/** The processes of process group `group`: pid, command and CPU seconds (user + system) so far. */
export function groupProcesses(group) {
  const found = [];
  for (const name of readdirSync('/proc')) {
    if (!/^\d+$/.test(name)) continue;
    const fields = statOf(name);
    // After the name: state(0) ppid(1) pgrp(2) … utime(11) stime(12)
    if (!fields || Number(fields[2]) !== group) continue;
    found.push({ pid: Number(name), command: commandOf(name), cpuSeconds: (Number(fields[11]) + Number(fields[12])) / TICKS_PER_SECOND });
  }
  return found;
}

/** CPU seconds per command name (workerd, node) of the group so far. */
export function groupCpu(group) {
  const byCommand = {};
  for (const process of groupProcesses(group)) byCommand[process.command] = (byCommand[process.command] ?? 0) + process.cpuSeconds;
  return byCommand;
}

/**
 * Starts scripts/start.mjs in a process group of its own and resolves once it prints that
 * the app is running. `fresh` wipes `stateDir` first. Answers `{ child, group, base, output }`.
 */
export function startStack({ port, stateDir, fresh = false, env = {} }) {
  const child = spawn(process.execPath, [path.join(root, 'scripts/start.mjs'), ...(fresh ? ['--fresh'] : [])], {
    cwd: root,
    detached: true, // its own process group: the wrangler and workerd under it are killed with it
    // A bench times more writes per member than a person makes: the per-member flood limits are lifted (development only).
    env: { ...process.env, PORT: String(port), INSPECTOR_PORT: String(port + 20_000), STATE_DIR: stateDir, BENCH_LIFTS_FLOOD_LIMITS: 'true', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  const keep = (chunk) => {
    output = (output + chunk).slice(-20_000);
  };
  child.stdout.on('data', keep);
  child.stderr.on('data', keep);
  return new Promise((resolve, reject) => {
    const onData = () => {
      if (!/FounderMesh is running/.test(output)) return;
      child.stdout.off('data', onData);
      resolve({ child, group: child.pid, base: `http://127.0.0.1:${port}`, output: () => output });
    };
    child.stdout.on('data', onData);
    child.once('exit', (code, signal) => reject(new Error(`scripts/start.mjs exited (${code ?? signal}) before it was ready:\n${output.slice(-3000)}`)));
  });
}

/** Sends `signal` to every process of the group; resolves when none is left (or after `timeoutMs`). */
export async function signalStack(group, signal = 'SIGTERM', timeoutMs = 15_000) {
  try {
    process.kill(-group, signal);
  } catch {
    return; // already gone
  }
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (groupProcesses(group).filter((p) => statOf(p.pid)?.[0] !== 'Z').length === 0) return;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  if (signal !== 'SIGKILL') return signalStack(group, 'SIGKILL', timeoutMs);
  throw new Error(`process group ${group} still has processes after SIGKILL`);
}
