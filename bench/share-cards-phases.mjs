// Where a share card's time goes (functions/src/share-cards/draw.ts): the same satori and
// resvg WebAssembly, fonts and layout timed phase by phase in Node (the same V8 as workerd,
// whose clocks stand still while a request computes): instantiating both modules, the first
// layout (satori, fonts parsed), the first paint (resvg) and PNG encoding, then the same
// phases warm. Run by bench/share-cards.mjs.
import { readFileSync, rmSync } from 'node:fs';
import path from 'node:path';
import { build } from 'esbuild';
import { initWasm, Resvg } from '@resvg/resvg-wasm';
import satori, { init as initSatori } from 'satori/standalone';
import { root } from '../scripts/lib/run.mjs';
import { median } from './lib/report.mjs';

const file = (specifier) => readFileSync(path.join(root, 'node_modules', specifier));

/** The card's layout module, bundled for Node (it imports without extensions, as the worker's bundler allows). */
async function layoutModule() {
  const outfile = path.join(root, 'node_modules/.cache/share-card-layout.mjs');
  await build({
    entryPoints: ['functions/src/share-cards/layout.ts'],
    absWorkingDir: root,
    bundle: true,
    platform: 'node',
    format: 'esm',
    outfile,
    logLevel: 'error',
  });
  try {
    return await import(`${outfile}?${Date.now()}`);
  } finally {
    rmSync(outfile, { force: true });
  }
}

const CONTENT = {
  kind: 'founder',
  ownerId: 'a'.repeat(24),
  slug: 'bench',
  name: 'Ada Lovelace',
  role: 'Founder',
  tagline: 'Building an analytical engine for small clinics',
  stage: 'Launched',
  text: null,
  photoKey: null,
  initials: 'AL',
};

/** Milliseconds of each phase, once cold and then `rounds` times warm (medians). */
export async function drawPhases(rounds = 20) {
  const { cardLayout } = await layoutModule();
  const fonts = [400, 700].flatMap((weight) =>
    ['latin', 'latin-ext'].map((subset) => ({ name: 'Inter', data: file(`@fontsource/inter/files/inter-${subset}-${weight}-normal.woff`), weight, style: 'normal' })),
  );
  const time = async (work) => {
    const start = performance.now();
    const value = await work();
    return [performance.now() - start, value];
  };
  const [instantiate] = await time(() => Promise.all([initSatori(file('satori/yoga.wasm')), initWasm(file('@resvg/resvg-wasm/index_bg.wasm'))]));
  const phases = async () => {
    const [layout, svg] = await time(() => satori(cardLayout(CONTENT, null), { width: 1200, height: 630, fonts }));
    const resvg = new Resvg(svg);
    const [paint, image] = await time(() => resvg.render());
    const [encode, png] = await time(() => image.asPng());
    image.free();
    resvg.free();
    return { layout, paint, encode, bytes: png.byteLength };
  };
  const cold = await phases();
  const warm = [];
  for (let i = 0; i < rounds; i += 1) warm.push(await phases());
  const round = (value) => Number(value.toFixed(1));
  return {
    instantiateMs: round(instantiate),
    coldLayoutMs: round(cold.layout),
    coldPaintMs: round(cold.paint),
    coldEncodeMs: round(cold.encode),
    warmLayoutMs: round(median(warm.map((phase) => phase.layout))),
    warmPaintMs: round(median(warm.map((phase) => phase.paint))),
    warmEncodeMs: round(median(warm.map((phase) => phase.encode))),
  };
}
