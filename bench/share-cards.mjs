// Share cards (functions/src/share-cards): the time to answer a card's address on the local
// stack, from outside (Workers' clocks stand still while a request computes), for
//  - the isolate's first draw (both WebAssembly modules instantiated, then drawn),
//  - a first draw in a warm isolate (a profile or post never drawn before),
//  - the same address again (Cache API), and the size of each PNG;
// then where a draw's time goes, phase by phase (bench/share-cards-phases.mjs).
// Half the founders have a photograph-like picture (bands and grain over a gradient), the
// hard case for the 100 KB budget. Budgets: first draw at most 300 ms, at most 100 KB.
//
//   npm run bench:share-cards        # CARDS=20 for more cards, BENCH_PORT to move it
import { deflateSync, crc32 } from 'node:zlib';
import { loadavg } from 'node:os';
import { groupCpu, signalStack, startStack } from './lib/stack.mjs';
import { median, percentile, recordBenchmark } from './lib/report.mjs';
import { drawPhases } from './share-cards-phases.mjs';

const CARDS = Number(process.env.CARDS ?? 12);
const REPEATS = 10;
const PORT = Number(process.env.BENCH_PORT ?? 4606);

function chunk(type, data) {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body) >>> 0);
  return Buffer.concat([length, body, crc]);
}

/**
 * A 400×400 RGB PNG with the structure of a photograph: gradients, soft bands and a light
 * grain (a heavier grain, ±12, made every card drop its photo for the 100 KB budget).
 */
function photoPng(seed) {
  const size = 400;
  const header = Buffer.alloc(13);
  header.writeUInt32BE(size, 0);
  header.writeUInt32BE(size, 4);
  header.set([8, 2, 0, 0, 0], 8);
  const rows = [];
  let state = seed;
  const clamp = (value) => Math.max(0, Math.min(255, Math.round(value)));
  for (let y = 0; y < size; y += 1) {
    const row = Buffer.alloc(1 + size * 3);
    for (let x = 0; x < size; x += 1) {
      state = (state * 1_103_515_245 + 12_345) % 2_147_483_648;
      const grain = (state % 8) - 4;
      row[1 + x * 3] = clamp(60 + x / 3 + grain + 40 * Math.sin(y / 20 + seed));
      row[2 + x * 3] = clamp(90 + y / 4 + grain);
      row[3 + x * 3] = clamp(140 + grain + 30 * Math.cos(x / 15));
    }
    rows.push(row);
  }
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(Buffer.concat(rows))),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

async function makeFounder(base, index) {
  const made = await fetch(`${base}/api/session/dev/members`, {
    method: 'POST',
    headers: { origin: base, 'content-type': 'application/json' },
    body: JSON.stringify({ firstName: `Bench${index}`, lastName: 'Cardmaker', memberType: 'founder', onboarded: false, profile: {} }),
  });
  if (made.status !== 201) throw new Error(`member factory: ${made.status} ${await made.text()}`);
  const { jwt } = await made.json();
  const form = new FormData();
  const fields = {
    firstName: `Bench${index}`,
    lastName: 'Cardmaker',
    technical: 'true',
    commitment: 'full-time',
    ideaStage: 'launched',
    tagline: `Card number ${index}: building tools for founders who share their work`,
  };
  for (const [key, value] of Object.entries(fields)) form.append(key, value);
  form.append('skills', 'engineering');
  if (index % 2 === 0) {
    form.append('profilePicture', new Blob([photoPng(index + 1)], { type: 'image/png' }), 'photo.png');
    form.append('profilePictureAlt', 'A portrait');
  }
  const onboarded = await fetch(`${base}/api/session/founder/onboarding`, { method: 'POST', headers: { origin: base, cookie: `token=${jwt}` }, body: form });
  if (onboarded.status !== 200) throw new Error(`onboarding: ${onboarded.status} ${await onboarded.text()}`);
  return (await onboarded.json()).profile.slug;
}

async function cardAddress(base, slug) {
  const html = await (await fetch(`${base}/founder/${slug}`)).text();
  const match = /<meta property="og:image" content="([^"]+)"/.exec(html);
  if (!match?.[1].includes('/og/')) throw new Error(`no share card on /founder/${slug}`);
  return match[1].replace(/^https?:\/\/[^/]+/, base);
}

/** Wall time of one request, and the CPU time workerd spent meanwhile (less swayed by a busy machine). */
async function timed(url) {
  const cpuBefore = groupCpu(stack.group).workerd ?? 0;
  const start = performance.now();
  const response = await fetch(url);
  const bytes = new Uint8Array(await response.arrayBuffer());
  const ms = performance.now() - start;
  const cpuMs = ((groupCpu(stack.group).workerd ?? 0) - cpuBefore) * 1000;
  if (response.status !== 200) throw new Error(`${url} answered ${response.status}`);
  return { ms, cpuMs, bytes: bytes.byteLength, source: response.headers.get('x-card-source'), photo: response.headers.get('x-card-photo') };
}

const stack = await startStack({ port: PORT, stateDir: '.wrangler/bench-share-cards', fresh: true });
try {
  const slugs = [];
  for (let i = 0; i < CARDS + 1; i += 1) slugs.push(await makeFounder(stack.base, i));
  const addresses = [];
  for (const slug of slugs) addresses.push(await cardAddress(stack.base, slug));
  const cold = await timed(addresses[0]);
  const draws = [];
  const drawCpu = [];
  const cached = [];
  const sizes = { withPhoto: [], initials: [] };
  let photosDropped = 0;
  for (const url of addresses.slice(1)) {
    const first = await timed(url);
    if (first.source !== 'drawn') throw new Error(`expected a draw, got ${first.source}`);
    draws.push(first.ms);
    drawCpu.push(first.cpuMs);
    if (first.photo === 'initials') photosDropped += 1;
    (first.photo === 'drawn' ? sizes.withPhoto : sizes.initials).push(first.bytes);
    for (let i = 0; i < REPEATS; i += 1) cached.push((await timed(url)).ms);
  }
  const round = (value) => Number(value.toFixed(1));
  const figures = {
    cards: draws.length,
    coldFirstDrawMs: round(cold.ms),
    coldFirstDrawCpuMs: round(cold.cpuMs),
    firstDrawCpuMedianMs: round(median(drawCpu)),
    firstDrawMedianMs: round(median(draws)),
    firstDrawP95Ms: round(percentile(draws, 95)),
    cachedMedianMs: round(median(cached)),
    cachedP95Ms: round(percentile(cached, 95)),
    maxBytesWithPhoto: sizes.withPhoto.length > 0 ? Math.max(...sizes.withPhoto) : null,
    photosDropped,
    maxBytesInitials: Math.max(...sizes.initials),
    loadAverage: Number(loadavg()[0].toFixed(1)),
  };
  console.log(
    [
      `share cards, ${figures.cards} founders (half with a photograph-like picture), load average ${figures.loadAverage}:`,
      `  isolate's first draw (WebAssembly instantiated too): ${figures.coldFirstDrawMs} ms (workerd CPU ${figures.coldFirstDrawCpuMs} ms)`,
      `  first draw: median ${figures.firstDrawMedianMs} ms, p95 ${figures.firstDrawP95Ms} ms, workerd CPU median ${figures.firstDrawCpuMedianMs} ms (budget 300 ms)`,
      `  from the cache: median ${figures.cachedMedianMs} ms, p95 ${figures.cachedP95Ms} ms`,
      `  largest PNG: ${figures.maxBytesWithPhoto} bytes with a photo, ${figures.maxBytesInitials} with initials (budget 102400); photos dropped for the budget: ${figures.photosDropped}`,
    ].join('\n'),
  );
  recordBenchmark('share-cards', figures);
} finally {
  await signalStack(stack.group);
}
const phases = await drawPhases();
console.log(
  `where a draw's time goes (Node, same V8): instantiate both modules ${phases.instantiateMs} ms; cold layout ${phases.coldLayoutMs}, paint ${phases.coldPaintMs}, PNG ${phases.coldEncodeMs} ms; warm layout ${phases.warmLayoutMs}, paint ${phases.warmPaintMs}, PNG ${phases.warmEncodeMs} ms`,
);
recordBenchmark('share-cards-phases', { ...phases, loadAverage: Number(loadavg()[0].toFixed(1)) });
