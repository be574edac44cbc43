// The uploadLimits query: what the pickers show in advance and check before sending is the
// server's own configured limit and image list (product §5).
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { gqlOk, gqlUpload, signUp, startTestServer } from '../helpers/server.js';

const LIMIT = 3 * 1024 * 1024;
let server: Awaited<ReturnType<typeof startTestServer>>;

beforeAll(async () => {
  server = await startTestServer({ UPLOAD_MAX_BYTES: String(LIMIT) });
});
afterAll(() => server.close());

const LIMITS = 'query { uploadLimits { maxBytes imageTypes { mime name extensions } } }';
const REMOVE_BACKGROUND = 'mutation($image: Upload!) { removeBackground(image: $image) { id } }';

describe('uploadLimits', () => {
  it('answers anyone with the configured UPLOAD_MAX_BYTES and the image types the tools read', async () => {
    const { uploadLimits } = await gqlOk(server.url, LIMITS);
    expect(uploadLimits.maxBytes).toBe(LIMIT);
    expect(uploadLimits.imageTypes.map((t: { name: string }) => t.name)).toEqual(['PNG', 'JPEG', 'WebP', 'GIF', 'AVIF', 'TIFF']);
    expect(uploadLimits.imageTypes[1]).toEqual({ mime: 'image/jpeg', name: 'JPEG', extensions: ['jpg', 'jpeg'] });
  });

  it('is the limit and the list the server enforces', async () => {
    const account = await signUp(server.url, 'Limit', 'upload-limits');
    await gqlOk(server.url, 'mutation { startTrial { plan } }', {}, account.token);
    const { uploadLimits } = await gqlOk(server.url, LIMITS);
    const names = uploadLimits.imageTypes.map((t: { name: string }) => t.name);

    // A type outside the list is refused, naming the same types.
    const bmp = Buffer.concat([Buffer.from('BM'), Buffer.alloc(200)]);
    const wrongType = await gqlUpload(server.url, REMOVE_BACKGROUND, {}, { image: { data: bmp, filename: 'a.bmp', type: 'image/bmp' } }, account.token);
    expect(wrongType.errors?.[0]?.extensions?.code).toBe('UNSUPPORTED_MEDIA_TYPE');
    expect(wrongType.errors?.[0]?.message).toContain(`${names.slice(0, -1).join(', ')} or ${names.at(-1)}`);

    // One byte over the advertised limit is too large.
    const png = await sharp({ create: { width: 8, height: 8, channels: 3, background: '#fff' } })
      .png()
      .toBuffer();
    const over = Buffer.concat([png, Buffer.alloc(uploadLimits.maxBytes + 1 - png.length)]);
    const tooLarge = await gqlUpload(server.url, REMOVE_BACKGROUND, {}, { image: { data: over, filename: 'a.png', type: 'image/png' } }, account.token);
    expect(tooLarge.errors?.[0]?.extensions?.code).toBe('PAYLOAD_TOO_LARGE');
    expect(tooLarge.errors?.[0]?.message).toBe('The file is too large: the limit is 3 MB');
  });
});
