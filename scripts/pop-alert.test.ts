import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { popSamples, wavFile } from './pop-alert.mjs';

describe('pop-alert.wav', () => {
  const file: Buffer = wavFile(popSamples());

  it('is a short mono 16-bit 22.05 kHz PCM WAV of a few KB', () => {
    expect(file.toString('ascii', 0, 4)).toBe('RIFF');
    expect(file.toString('ascii', 8, 12)).toBe('WAVE');
    expect([file.readUInt16LE(20), file.readUInt16LE(22), file.readUInt32LE(24), file.readUInt16LE(34)]).toEqual([1, 1, 22050, 16]);
    const seconds = file.readUInt32LE(40) / 2 / 22050;
    expect(seconds).toBeCloseTo(0.15, 2);
    expect(file.length).toBeLessThan(8 * 1024);
  });

  it('starts and ends silent (no click) and never clips', () => {
    const samples: Float64Array = popSamples();
    expect(Math.abs(samples[0]!)).toBeLessThan(0.01);
    expect(Math.abs(samples.at(-1)!)).toBeLessThan(0.01);
    expect(Math.max(...samples.map(Math.abs))).toBeLessThan(1);
  });

  it('is the file committed in public/ (node scripts/pop-alert.mjs writes it)', () => {
    expect(readFileSync(new URL('../public/pop-alert.wav', import.meta.url)).equals(file)).toBe(true);
  });
});
