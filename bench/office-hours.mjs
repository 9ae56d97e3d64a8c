// Open slots of one host as the booking screen asks for them: twelve weeks of weekly hours in
// Europe/Berlin (a daylight-saving change inside them) and 200 held sessions. The engine
// (functions/src/office-hours/slots.ts) is pure, so it is timed here in Node on the same V8 as
// workerd, where clocks stand still while a request computes. Budget: p95 at most 10 ms.
//
//   npm run bench:office-hours        # ROUNDS=500 for more rounds
import { loadavg } from 'node:os';
import { openSlots } from '../functions/src/office-hours/slots.ts';
import { median, percentile, recordBenchmark } from './lib/report.mjs';

const ROUNDS = Number(process.env.ROUNDS ?? 300);
const HOUR = 3_600_000;
const WEEK = 7 * 24 * HOUR;
const FROM = Date.parse('2026-10-05T00:00:00Z');
const UNTIL = FROM + 12 * WEEK;

const hours = {
  timeZone: 'Europe/Berlin',
  hours: [
    ...[1, 2, 3, 4, 5].flatMap((weekday) => [
      { weekday, start: '08:00', end: '12:00' },
      { weekday, start: '13:00', end: '19:00' },
    ]),
    { weekday: 6, start: '10:00', end: '13:00' },
  ],
  bufferBefore: 10,
  bufferAfter: 10,
  minimumNotice: 120,
  weeklyCap: 40,
  daysOff: ['2026-10-26', '2026-12-24', '2026-12-25'],
};
const query = { length: 30, from: FROM, until: UNTIL, now: FROM };

/** 200 sessions on the 30-minute grid, spread over the twelve weeks by a fixed pseudo-random walk. */
function heldSessions() {
  const open = openSlots({ ...hours, weeklyCap: null }, [], query);
  const taken = new Map();
  let seed = 7;
  while (taken.size < 200) {
    seed = (seed * 48_271) % 2_147_483_647;
    const slot = open[seed % open.length];
    taken.set(slot.start, slot);
  }
  return [...taken.values()];
}

const sessions = heldSessions();
for (let i = 0; i < 20; i += 1) openSlots(hours, sessions, query); // warm up, as a live isolate is
const times = [];
let count = 0;
for (let i = 0; i < ROUNDS; i += 1) {
  const start = performance.now();
  count = openSlots(hours, sessions, query).length;
  times.push(performance.now() - start);
}
const figures = {
  openSlots: count,
  heldSessions: sessions.length,
  medianMs: Number(median(times).toFixed(2)),
  p95Ms: Number(percentile(times, 95).toFixed(2)),
  rounds: ROUNDS,
  loadAverage: Number(loadavg()[0].toFixed(1)),
};
console.log(
  `open slots, 12 weeks, ${figures.heldSessions} sessions held, ${figures.openSlots} open: median ${figures.medianMs} ms, p95 ${figures.p95Ms} ms (budget 10 ms; load average ${figures.loadAverage})`,
);
recordBenchmark('office-hours-slots', figures);
