import { describe, expect, test } from 'vitest';
import { AppError } from './errors';
import { fileRefusal, WRONG_KIND } from './file-refusal';

const isFile = (field: string) => field === 'file' || /^media\.\d+$/.test(field);

describe("a refused file in a member's words", () => {
  test('a file of the wrong kind says what to choose, without the field name', () => {
    const refused = new AppError('file: must be a JPEG, PNG, WebP or GIF image, a PDF, or an MP4 or WebM video', 415, {
      fields: { file: 'must be a JPEG, PNG, WebP or GIF image, a PDF, or an MP4 or WebM video' },
    });
    expect(fileRefusal(refused, 'attachment', isFile)).toBe(WRONG_KIND.attachment);
    const post = new AppError('Validation failed.', 400, { fields: { 'media.0': 'must be a JPEG, PNG, WebP or GIF image, or an MP4 or WebM video' } });
    expect(fileRefusal(post, 'postMedia', isFile)).toBe("This file isn't a picture or video we can use: choose a JPEG, PNG, WebP or GIF picture, or an MP4 or WebM video.");
  });

  test('a file too large says so; a refusal about something else is left to its own message', () => {
    const big = new AppError('Validation failed.', 400, { fields: { 'media.0': 'must be at most 10 MB (an image)' } });
    expect(fileRefusal(big, 'postMedia', isFile)).toBe('This file is too large: it must be at most 10 MB (an image).');
    const text = new AppError('Validation failed.', 400, { fields: { text: 'must be at most 3000 characters' } });
    expect(fileRefusal(text, 'postMedia', isFile)).toBeNull();
  });
});
