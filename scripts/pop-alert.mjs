#!/usr/bin/env node
/**
 * Writes public/pop-alert.wav, the new-message sound (`pop-alert`, docs/product.md#live-connection): a soft
 * "pop" of 0.15 s — a sine gliding down from 880 Hz to 330 Hz with a 4 ms attack and an
 * exponential decay, plus a quieter octave for body. Mono, 22.05 kHz, 16-bit PCM, no
 * downloads. Deterministic: running it again writes the same bytes.
 *   node scripts/pop-alert.mjs [output path]
 */
import { writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

const SAMPLE_RATE = 22_050;
const SECONDS = 0.15;
const PEAK = 0.6;

/** The samples of the pop, each in −1…1. */
export function popSamples(sampleRate = SAMPLE_RATE, seconds = SECONDS) {
  const count = Math.round(sampleRate * seconds);
  const samples = new Float64Array(count);
  let phase = 0;
  for (let i = 0; i < count; i += 1) {
    const t = i / sampleRate;
    const frequency = 330 + 550 * Math.exp(-t * 40);
    phase += (2 * Math.PI * frequency) / sampleRate;
    const attack = Math.min(1, t / 0.004);
    const decay = Math.exp(-t * 32);
    const fadeOut = Math.min(1, (count - i) / (sampleRate * 0.01));
    samples[i] = (PEAK * attack * decay * fadeOut * (Math.sin(phase) + 0.25 * Math.sin(2 * phase))) / 1.25;
  }
  return samples;
}

/** A mono 16-bit PCM WAV file of `samples`. */
export function wavFile(samples, sampleRate = SAMPLE_RATE) {
  const data = samples.length * 2;
  const buffer = Buffer.alloc(44 + data);
  buffer.write('RIFF', 0, 'ascii');
  buffer.writeUInt32LE(36 + data, 4);
  buffer.write('WAVE', 8, 'ascii');
  buffer.write('fmt ', 12, 'ascii');
  buffer.writeUInt32LE(16, 16);
  buffer.writeUInt16LE(1, 20); // PCM
  buffer.writeUInt16LE(1, 22); // mono
  buffer.writeUInt32LE(sampleRate, 24);
  buffer.writeUInt32LE(sampleRate * 2, 28);
  buffer.writeUInt16LE(2, 32);
  buffer.writeUInt16LE(16, 34);
  buffer.write('data', 36, 'ascii');
  buffer.writeUInt32LE(data, 40);
  samples.forEach((sample, i) => buffer.writeInt16LE(Math.round(Math.max(-1, Math.min(1, sample)) * 32767), 44 + i * 2));
  return buffer;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const output = process.argv[2] ?? fileURLToPath(new URL('../public/pop-alert.wav', import.meta.url));
  const file = wavFile(popSamples());
  writeFileSync(output, file);
  console.log(`wrote ${output} (${file.length} bytes)`);
}
