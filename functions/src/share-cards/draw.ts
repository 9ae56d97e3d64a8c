/**
 * Draws a share card: satori lays the element tree out into an SVG (text as glyph outlines,
 * with Inter bundled into the worker), resvg's WebAssembly build paints it into a PNG. Both
 * WebAssembly modules are imported as compiled modules (`?module`): Workers refuse to compile
 * WebAssembly from bytes at run time. They are instantiated once per isolate, on the first draw.
 */
import { initWasm, Resvg } from '@resvg/resvg-wasm';
import resvgWasm from '@resvg/resvg-wasm/index_bg.wasm?module';
import satori, { init as initSatori } from 'satori/standalone';
import yogaWasm from 'satori/yoga.wasm?module';
import inter400 from '@fontsource/inter/files/inter-latin-400-normal.woff?inline';
import inter700 from '@fontsource/inter/files/inter-latin-700-normal.woff?inline';
import interExt400 from '@fontsource/inter/files/inter-latin-ext-400-normal.woff?inline';
import interExt700 from '@fontsource/inter/files/inter-latin-ext-700-normal.woff?inline';
import { SHARE_CARD_HEIGHT, SHARE_CARD_MAX_BYTES, SHARE_CARD_WIDTH, type ShareCardContent } from './content';
import { cardLayout } from './layout';

type Fonts = Parameters<typeof satori>[1]['fonts'];

function fontBytes(dataUri: string): ArrayBuffer {
  const binary = atob(dataUri.slice(dataUri.indexOf(',') + 1));
  const bytes = new Uint8Array(binary.length);
  for (let i = 0; i < binary.length; i++) bytes[i] = binary.charCodeAt(i);
  return bytes.buffer;
}

let ready: Promise<Fonts> | null = null;

/** Instantiates both WebAssembly modules and decodes the fonts, once per isolate. */
function engines(): Promise<Fonts> {
  ready ??= Promise.all([initSatori(yogaWasm), initWasm(resvgWasm)]).then(() => [
    { name: 'Inter', data: fontBytes(inter400), weight: 400, style: 'normal' },
    { name: 'Inter', data: fontBytes(inter700), weight: 700, style: 'normal' },
    { name: 'Inter', data: fontBytes(interExt400), weight: 400, style: 'normal' },
    { name: 'Inter', data: fontBytes(interExt700), weight: 700, style: 'normal' },
  ]);
  // A failed start is tried again by the next draw rather than kept.
  ready.catch(() => {
    ready = null;
  });
  return ready;
}

/** The card as SVG (exported for the tests of what member text becomes). */
export async function cardSvg(content: ShareCardContent, photo: string | null): Promise<string> {
  const fonts = await engines();
  return satori(cardLayout(content, photo) as unknown as Parameters<typeof satori>[0], { width: SHARE_CARD_WIDTH, height: SHARE_CARD_HEIGHT, fonts });
}

async function drawPng(content: ShareCardContent, photo: string | null): Promise<Uint8Array> {
  const svg = await cardSvg(content, photo);
  const resvg = new Resvg(svg, { fitTo: { mode: 'original' } });
  try {
    const image = resvg.render();
    try {
      return image.asPng();
    } finally {
      image.free();
    }
  } finally {
    resvg.free();
  }
}

/**
 * The card as a PNG of 1200×630. A photo that would take it past SHARE_CARD_MAX_BYTES (a busy
 * photograph) is left out and the initials drawn instead, so no card weighs more.
 */
export async function drawCard(content: ShareCardContent, photo: string | null): Promise<{ png: Uint8Array; withPhoto: boolean }> {
  const png = await drawPng(content, photo);
  if (png.byteLength <= SHARE_CARD_MAX_BYTES || !photo) return { png, withPhoto: photo !== null };
  return { png: await drawPng(content, null), withPhoto: false };
}
