import { describe, expect, it } from 'vitest';
import { gifBytes } from './test-inbox';
import { jpegImage } from '../media/test-images';
import { TEST_LOCATION, testVideo, webmBytes } from '../media/test-videos';
import { checkAttachment, cleanFileName, contentDisposition, downloadName } from './files';
import { previewOf } from './wire';

const encode = (text: string) => new TextEncoder().encode(text);

describe('checkAttachment', () => {
  it('recognises each allowed type by its bytes and refuses anything else', async () => {
    expect(await checkAttachment(encode('%PDF-1.7 …'))).toMatchObject({ file: { mime: 'application/pdf', extension: 'pdf' } });
    expect(await checkAttachment(await testVideo('webm'))).toMatchObject({ file: { mime: 'video/webm' } });
    expect(await checkAttachment(gifBytes(7, 5))).toMatchObject({ file: { mime: 'image/gif', width: 7, height: 5 } });
    expect(await checkAttachment(jpegImage(10, 20))).toMatchObject({ file: { mime: 'image/jpeg', width: 10, height: 20 } });
    expect(await checkAttachment(encode('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>'))).toMatchObject({ status: 415 });
    expect(await checkAttachment(encode('%PDF'))).toMatchObject({ status: 415 });
    expect(await checkAttachment(new Uint8Array())).toMatchObject({ status: 400 });
    expect(await checkAttachment(new Uint8Array(10 * 1024 * 1024 + 1))).toMatchObject({ status: 413 });
  });

  it('stores a video without its location and refuses one that is only a header (400 naming the problem)', async () => {
    const checked = await checkAttachment(await testVideo('mp4', { tags: true }));
    expect(checked).toMatchObject({ file: { mime: 'video/mp4', extension: 'mp4' } });
    expect(new TextDecoder('latin1').decode((checked as { file: { bytes: Uint8Array } }).file.bytes)).not.toContain(TEST_LOCATION);
    expect(await checkAttachment(webmBytes())).toEqual({ status: 400, problem: 'must be a complete MP4 or WebM video with a video track' });
  });
});

describe('file names', () => {
  it('keeps the last path segment without control characters, shortened with its extension', () => {
    expect(cleanFileName('C:\\Users\\me\\report.pdf')).toBe('report.pdf');
    expect(cleanFileName('../../etc/passwd')).toBe('passwd');
    expect(cleanFileName('a\u0000b\nc.png')).toBe('abc.png');
    expect(cleanFileName('   ')).toBe('attachment');
    const long = cleanFileName(`${'x'.repeat(400)}.jpeg`);
    expect(long).toHaveLength(150);
    expect(long.endsWith('.jpeg')).toBe(true);
  });

  it('names a download with the extension of its stored type, safely quoted', () => {
    expect(downloadName('holiday.png', 'pdf')).toBe('holiday.pdf');
    expect(contentDisposition('Résumé "final".png', 'application/pdf')).toBe(`attachment; filename="R_sum_ _final_.pdf"; filename*=UTF-8''R%C3%A9sum%C3%A9%20%22final%22.pdf`);
    expect(contentDisposition('photo', 'image/webp')).toBe(`inline; filename="photo.webp"; filename*=UTF-8''photo.webp`);
  });
});

describe('previewOf', () => {
  it('folds whitespace, cuts long text at a space, and names an attachment without text', () => {
    expect(previewOf('  hello \n\n world ', 0)).toBe('hello world');
    expect(previewOf('', 2)).toBe('Sent an attachment');
    expect(previewOf('', 0)).toBe('');
    const long = previewOf(`${'word '.repeat(60)}end`, 0);
    expect(long.length).toBeLessThanOrEqual(161);
    expect(long).toMatch(/word…$/);
  });
});
