import { expect, test } from 'vitest';
import { checkImageFile, dimensionProblem, fileProblem, megabytes, sniffImageType } from './image-check';

const PNG = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 0x0d];
const JPEG = [0xff, 0xd8, 0xff, 0xe0, 0, 0x10, 0x4a, 0x46, 0x49, 0x46, 0, 1];
const WEBP = [0x52, 0x49, 0x46, 0x46, 0x24, 0, 0, 0, 0x57, 0x45, 0x42, 0x50];

test('the type comes from the bytes, not the name or the declared type', () => {
  expect(sniffImageType(new Uint8Array(PNG))).toBe('image/png');
  expect(sniffImageType(new Uint8Array(JPEG))).toBe('image/jpeg');
  expect(sniffImageType(new Uint8Array(WEBP))).toBe('image/webp');
  expect(sniffImageType(new TextEncoder().encode('%PDF-1.7 hello'))).toBeNull();
  // RIFF but a WAVE file, not WebP.
  expect(sniffImageType(new Uint8Array([0x52, 0x49, 0x46, 0x46, 0, 0, 0, 0, 0x57, 0x41, 0x56, 0x45]))).toBeNull();
  expect(sniffImageType(new Uint8Array([]))).toBeNull();
});

test('file problems name the picture or banner and give the limit', () => {
  expect(fileProblem('profilePicture', null, 100)).toBe("This file isn't a picture we can use: choose a JPEG, PNG or WebP.");
  expect(fileProblem('profileBanner', 'image/png', 6 * 1024 * 1024)).toBe('Your banner is 6 MB; the limit is 5 MB. Try a smaller or compressed copy.');
  expect(fileProblem('profilePicture', 'image/jpeg', 5 * 1024 * 1024)).toBeNull();
});

test('dimensions: pictures at least 64 px a side, banners at least 400 px wide, nothing over 8000', () => {
  expect(dimensionProblem('profilePicture', 63, 200)).toBe('Your picture is 63×200 pixels; it needs at least 64×64.');
  expect(dimensionProblem('profilePicture', 64, 64)).toBeNull();
  expect(dimensionProblem('profileBanner', 399, 100)).toBe('Your banner is 399 pixels wide; it needs at least 400.');
  expect(dimensionProblem('profileBanner', 8001, 400)).toMatch(/at most 8000/);
});

test('checkImageFile reads only the first bytes of the file', async () => {
  expect(await checkImageFile('profilePicture', new Blob([new Uint8Array(PNG)]))).toBeNull();
  expect(await checkImageFile('profilePicture', new Blob(['GIF89a-not-accepted']))).toMatch(/JPEG, PNG or WebP/);
});

test('megabytes rounds to one decimal', () => {
  expect(megabytes(7.34 * 1024 * 1024)).toBe('7.3 MB');
});
