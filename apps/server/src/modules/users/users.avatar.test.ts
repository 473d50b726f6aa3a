import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { multipartForm } from '../../test/files';
import { SELLER, startTestApp, type TestApp } from '../../test/harness';

// Profile extras: POST /profile/update-avatar-v2 takes a JPG or PNG by its bytes, under
// 5 MB, re-encodes it and serves it with its own image type; anything else is refused.
let t: TestApp;
let seller: string;
let png: Buffer;
const upload = (data: Buffer, fileName: string, contentType = 'image/png') =>
  t.call({ method: 'POST', url: '/api/v1/profile/update-avatar-v2', token: seller, ...multipartForm({}, [{ field: 'avatar', fileName, data, contentType }]) });

beforeAll(async () => {
  t = await startTestApp();
  seller = await t.login(SELLER.email, SELLER.password);
  png = await sharp({ create: { width: 64, height: 64, channels: 3, background: '#3366ff' } })
    .png()
    .withMetadata({ exif: { IFD0: { ImageDescription: 'secret-gps-note' } } })
    .toBuffer();
});
afterAll(() => t?.close());

describe('profile photo', () => {
  it('a PNG becomes the profile avatar, served as image/png with nosniff, its metadata dropped', async () => {
    const res = await upload(png, 'me.png');
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const avatar = res.body.data.avatar as string;
    expect(avatar).toMatch(/^\/api\/v1\/avatars\/[0-9a-f]{32}\.png$/);
    const img = await t.app.inject({ method: 'GET', url: avatar });
    expect(img.statusCode).toBe(200);
    expect(img.headers['content-type']).toBe('image/png');
    expect(img.headers['x-content-type-options']).toBe('nosniff');
    expect(img.rawPayload.includes(Buffer.from('secret-gps-note'))).toBe(false);
    expect((await sharp(img.rawPayload).metadata()).width).toBe(64);
    expect((await t.call({ method: 'GET', url: '/api/v1/me', token: seller })).body.data.avatar).toBe(avatar);
  });

  it('a new photo replaces the old one, whose file is gone', async () => {
    const first = (await upload(png, 'a.png')).body.data.avatar as string;
    const jpg = await sharp({ create: { width: 20, height: 20, channels: 3, background: '#ff0000' } }).jpeg().toBuffer();
    const second = (await upload(jpg, 'b.jpg', 'image/jpeg')).body.data.avatar as string;
    expect(second).toMatch(/\.jpg$/);
    expect((await t.app.inject({ method: 'GET', url: first })).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'GET', url: second })).headers['content-type']).toBe('image/jpeg');
  });

  it('refuses by content, not by name: HTML named .png, a truncated image, a file over 5 MB, no file', async () => {
    const html = await upload(Buffer.from('<html><script>alert(1)</script></html>'), 'evil.png');
    expect(html.status).toBe(400);
    expect(html.body.code).toBe('FILE_TYPE_NOT_ALLOWED');
    const truncated = await upload(png.subarray(0, 60), 'cut.png');
    expect(truncated.status).toBe(400);
    const big = await upload(Buffer.concat([png, Buffer.alloc(5 * 1024 * 1024)]), 'big.png');
    expect(big.status).toBe(413);
    const none = await t.call({ method: 'POST', url: '/api/v1/profile/update-avatar-v2', token: seller, ...multipartForm({ note: 'x' }) });
    expect(none.status).toBe(400);
    expect((await t.call({ method: 'POST', url: '/api/v1/profile/update-avatar-v2', ...multipartForm({}, [{ field: 'avatar', fileName: 'a.png', data: png }]) })).status).toBe(401);
    expect((await t.app.inject({ method: 'GET', url: '/api/v1/avatars/../../etc/passwd' })).statusCode).toBe(404);
  });
});
