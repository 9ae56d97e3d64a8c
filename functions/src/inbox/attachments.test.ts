import { env } from 'cloudflare:workers';
import { describe, expect, it } from 'vitest';
import { bodyOf, get, post, signedInMember } from '../../test/api';
import { UNKNOWN_ID } from '../../test/connections';
import { containsText, jpegImage, pngImage } from '../media/test-images';
import { TEST_LOCATION, testVideo } from '../media/test-videos';
import { fixedClock } from '../clock';
import { db } from '../db/client';
import { rateLimiterBinding } from '../rate-limit/rate-limiter-binding';
import { storeUpload } from './attachments';
import { INBOX_MESSAGES as M } from '../shared/inbox-messages';
import { block, connectedMembers, deleteMessage, fileOf, formOf, pdfBytes, postForm, send, sendText, type Member } from './test-inbox';

const upload = (member: Member, file: File | string | undefined) => postForm('/upload/attachment', formOf({ file }), member.jwt);
const fetchFile = (member: Member, url: string, headers: Record<string, string> = {}) => get(url, { token: member.jwt, headers });

describe('POST /upload/attachment', () => {
  it('judges a file by its bytes: a PDF named .png is a PDF, stored for its uploader only', async () => {
    const { a, b } = await connectedMembers();
    const response = await upload(a, fileOf(pdfBytes(), 'holiday.png', 'image/png'));
    expect(response.status).toBe(201);
    const attachment = await bodyOf(response);
    expect(attachment).toMatchObject({ name: 'holiday.png', mime: 'application/pdf', size: pdfBytes().length, width: null, height: null });
    expect(attachment.url).toBe(`/connections/attachments/${attachment._id}`);

    const own = await fetchFile(a, attachment.url);
    expect(own.status).toBe(200);
    expect(own.headers.get('content-type')).toBe('application/pdf');
    expect(own.headers.get('x-content-type-options')).toBe('nosniff');
    // Never run as a page of this origin, even if a browser sniffed it as HTML.
    expect(own.headers.get('content-security-policy')).toMatch(/default-src 'none'.*; sandbox$/);
    expect(own.headers.get('cache-control')).toMatch(/^private/);
    expect(own.headers.get('content-disposition')).toBe(`attachment; filename="holiday.pdf"; filename*=UTF-8''holiday.pdf`);
    expect(new Uint8Array(await own.arrayBuffer())).toEqual(pdfBytes());
    // Unsent: nobody else reads it, not even a connection.
    expect((await fetchFile(b, attachment.url)).status).toBe(404);
  });

  it('keeps pictures (metadata stripped, with their size) and videos; inline when served', async () => {
    const { a } = await connectedMembers();
    const jpeg = await bodyOf(await upload(a, fileOf(jpegImage(640, 480, { exif: 'GPS-SECRET', comment: 'camera' }), 'photo.jpg')));
    expect(jpeg).toMatchObject({ mime: 'image/jpeg', width: 640, height: 480 });
    const served = await fetchFile(a, jpeg.url);
    expect(served.headers.get('content-disposition')).toMatch(/^inline; filename="photo.jpg"/);
    expect(containsText(new Uint8Array(await served.arrayBuffer()), 'GPS-SECRET')).toBe(false);
    const png = await bodyOf(await upload(a, fileOf(await pngImage(3, 2), 'tiny.png')));
    expect(png).toMatchObject({ mime: 'image/png', width: 3, height: 2 });
    const video = await bodyOf(await upload(a, fileOf(await testVideo('mp4', { tags: true }), 'clip.mov')));
    expect(video).toMatchObject({ mime: 'video/mp4' });
    expect(containsText(new Uint8Array(await (await fetchFile(a, video.url)).arrayBuffer()), TEST_LOCATION)).toBe(false);
    // A conditional request for the same copy answers 304.
    const etag = (await fetchFile(a, png.url)).headers.get('etag')!;
    expect((await fetchFile(a, png.url, { 'If-None-Match': etag })).status).toBe(304);
  });

  it('refuses text named .jpg (415), more than 10 MB (413) and no file (400), naming `file`', async () => {
    const member = await signedInMember();
    const text = await upload(member, fileOf('just some text, not a picture', 'cat.jpg', 'image/jpeg'));
    expect(text.status).toBe(415);
    expect((await bodyOf(text)).data.fields.file).toBe(M.fileType);
    const big = await upload(member, fileOf(await pngImage(4, 4, { padTo: 10 * 1024 * 1024 + 1 }), 'big.png'));
    expect(big.status).toBe(413);
    expect((await bodyOf(big)).data.fields.file).toMatch(/10 MB/);
    const none = await upload(member, undefined);
    expect(none.status).toBe(400);
    expect((await bodyOf(none)).data.fields.file).toBe(M.fileRequired);
    expect((await upload(member, 'not a file')).status).toBe(400);
    expect((await post('/upload/attachment', { file: 'x' }, { token: member.jwt })).status).toBe(415);
  });
});

describe('unsent uploads', () => {
  it('are removed (row and R2 object) once a day old, the next time their owner uploads', async () => {
    const member = await signedInMember();
    const clock = fixedClock(new Date('2026-03-01T10:00:00Z'));
    const deps = { db: db(env), clock, media: env.MEDIA, limiter: rateLimiterBinding(env.RATE_LIMITER, clock) };
    const file = { bytes: pdfBytes(), mime: 'application/pdf', extension: 'pdf', width: null, height: null, name: 'a.pdf' };
    const old = await storeUpload(deps, member.user.id, file);
    const key = async (id: string) => (await env.DB.prepare('SELECT storage_key FROM attachments WHERE id = ?').bind(id).first<{ storage_key: string }>())?.storage_key;
    const oldKey = (await key(old._id))!;
    clock.set(new Date('2026-03-02T09:00:00Z'));
    await storeUpload(deps, member.user.id, file);
    expect(await key(old._id)).toBe(oldKey); // 23 hours: kept
    clock.set(new Date('2026-03-02T10:00:01Z'));
    const fresh = await storeUpload(deps, member.user.id, file);
    expect(await key(old._id)).toBeUndefined();
    expect(await env.MEDIA.head(oldKey)).toBeNull();
    expect(await key(fresh._id)).toBeDefined();
  });
});

describe('attachments in messages', () => {
  it('sends new files and the sender’s unsent uploads, in order; both members read them, nobody else', async () => {
    const { a, b } = await connectedMembers();
    const uploaded = await bodyOf(await upload(a, fileOf(pdfBytes(), 'deck.pdf')));
    const response = await send(a, { to: b.user.id, mediaFiles: [fileOf(await pngImage(2, 2), 'chart.png'), uploaded._id] });
    expect(response.status).toBe(201);
    const { message, thread } = await bodyOf(response);
    expect(message.body).toBe('');
    expect(message.mediaFiles.map((file: { name: string; mime: string }) => [file.name, file.mime])).toEqual([
      ['chart.png', 'image/png'],
      ['deck.pdf', 'application/pdf'],
    ]);
    expect(thread.message).toBe(M.sentAttachment);
    for (const file of message.mediaFiles) {
      expect((await fetchFile(a, file.url)).status).toBe(200);
      expect((await fetchFile(b, file.url)).status).toBe(200);
    }
    const outsider = await signedInMember();
    expect((await fetchFile(outsider, message.mediaFiles[0].url)).status).toBe(404);
    expect((await fetchFile(a, `/connections/attachments/${UNKNOWN_ID}`)).status).toBe(404);
    // A sent upload cannot be sent again.
    const again = await send(a, { to: b.user.id, body: 'again', mediaFiles: uploaded._id });
    expect(again.status).toBe(400);
    expect((await bodyOf(again)).data.fields['mediaFiles.0']).toBe(M.notYourUpload);
  });

  it('refuses someone else’s upload id, more than five files, a text file and a file over 10 MB, naming mediaFiles', async () => {
    const { a, b } = await connectedMembers();
    const strangers = await bodyOf(await upload(b, fileOf(pdfBytes(), 'theirs.pdf')));
    const stolen = await send(a, { to: b.user.id, mediaFiles: strangers._id });
    expect(stolen.status).toBe(400);
    expect((await bodyOf(stolen)).data.fields['mediaFiles.0']).toBe(M.notYourUpload);
    const six = await send(a, { to: b.user.id, mediaFiles: Array.from({ length: 6 }, (_, i) => fileOf(pdfBytes(), `${i}.pdf`)) });
    expect(six.status).toBe(400);
    expect((await bodyOf(six)).data.fields.mediaFiles).toBe(M.tooManyFiles(5));
    const text = await send(a, { to: b.user.id, body: 'see file', mediaFiles: [fileOf(pdfBytes(), 'ok.pdf'), fileOf('plain text', 'notes.jpg')] });
    expect(text.status).toBe(415);
    expect((await bodyOf(text)).data.fields).toEqual({ 'mediaFiles.1': M.fileType });
    const big = await send(a, { to: b.user.id, mediaFiles: fileOf(await pngImage(4, 4, { padTo: 10 * 1024 * 1024 + 100 }), 'big.png') });
    expect(big.status).toBe(413);
    expect((await bodyOf(big)).data.fields['mediaFiles.0']).toMatch(/10 MB/);
  });

  it('removes a deleted message’s files (rows and R2 objects): 404 for both members afterwards', async () => {
    const { a, b } = await connectedMembers();
    const { message } = await bodyOf(await send(a, { to: b.user.id, body: 'file', mediaFiles: fileOf(pdfBytes(), 'x.pdf') }));
    const id = message.mediaFiles[0]._id;
    const [row] = await env.DB.prepare('SELECT storage_key FROM attachments WHERE id = ?')
      .bind(id)
      .all<{ storage_key: string }>()
      .then((r) => r.results);
    expect(await env.MEDIA.head(row!.storage_key)).not.toBeNull();
    expect((await deleteMessage(a, message._id)).status).toBe(200);
    expect((await fetchFile(a, message.mediaFiles[0].url)).status).toBe(404);
    expect((await fetchFile(b, message.mediaFiles[0].url)).status).toBe(404);
    expect(await env.MEDIA.head(row!.storage_key)).toBeNull();
  });

  it('hides the files of a thread a block hides, and never serves them from /media', async () => {
    const { a, b } = await connectedMembers();
    const { message } = await bodyOf(await send(a, { to: b.user.id, mediaFiles: fileOf(pdfBytes(), 'x.pdf') }));
    const [row] = (await env.DB.prepare('SELECT storage_key FROM attachments WHERE message_id = ?').bind(message._id).all<{ storage_key: string }>()).results;
    expect((await get(`/media/${row!.storage_key}`)).status).toBe(404);
    await block(a, b);
    expect((await fetchFile(b, message.mediaFiles[0].url)).status).toBe(404);
    expect((await fetchFile(a, message.mediaFiles[0].url)).status).toBe(404);
  });

  it('quotes a reply to a message with files by its file count', async () => {
    const { a, b } = await connectedMembers();
    const { message } = await bodyOf(await send(a, { to: b.user.id, mediaFiles: [fileOf(pdfBytes(), '1.pdf'), fileOf(pdfBytes(), '2.pdf')] }));
    const reply = await sendText(b, a, 'got them', { replyTo: message._id });
    expect(reply.message.replyTo).toMatchObject({ body: '', attachmentCount: 2, deleted: false });
  });
});
