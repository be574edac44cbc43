// Image tools say only what happened (docs/architecture.md, "Embedded image models"). On real photos, object removal
// was reported done on an unchanged image ("Removed 3 × person", pixel-identical output) and
// background removal returned a half-transparent ghost of a photo with no clear subject as done.
// Now a removal is checked after the fill (the object's own pixels changed, and the detector
// no longer finds it there) and a cut-out with no clear subject is refused, each with a message
// that says what to do.
import { resolve } from 'node:path';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { cutoutProblem } from '../../worker/models/background.js';
import { findNamedObjects } from '../../worker/models/detector.js';
import { checkRemoval, madeUpError } from '../../worker/models/object-checks.js';
import { removeObjectLocal } from '../../worker/models/objects.js';
import { subjectAlpha } from '../../worker/models/segmenter.js';

const PHOTOS = resolve(import.meta.dirname, '../fixtures/photos');

async function rgbOf(file: string) {
  const { data, info } = await sharp(resolve(PHOTOS, file)).removeAlpha().raw().toBuffer({ resolveWithObject: true });
  return { data, width: info.width, height: info.height };
}

/** A rectangle mask (1 inside) of a W × H frame. */
function rect(W: number, H: number, x0: number, y0: number, x1: number, y1: number): Uint8Array {
  const m = new Uint8Array(W * H);
  for (let y = y0; y < y1; y++) m.fill(1, y * W + x0, y * W + x1);
  return m;
}

describe('object removal is reported only when the object is gone', () => {
  it('fails, saying what to do, when the fill left the object as it was', async () => {
    const { data, width: W, height: H } = await rgbOf('coffee.png');
    const cup = (await findNamedObjects({ data, width: W, height: H, channels: 3 }, 'cup')).detections[0]!;
    const { x, y, width, height } = cup.box;
    const core = rect(W, H, x + Math.round(width / 4), y + Math.round(height / 4), x + Math.round((3 * width) / 4), y + Math.round((3 * height) / 4));
    const hole = rect(W, H, x, y, x + width, y + height);
    // The very photo back: it used to be reported as "Removed the cup".
    await expect(checkRemoval('cup', { width: W, height: H, core, hole, removed: [cup], before: [cup], brushed: false }, data, Buffer.from(data))).rejects.toMatchObject({
      extensions: { code: 'BAD_USER_INPUT', reason: 'NOT_REMOVED' },
      message: expect.stringMatching(/^Could not remove the cup: the fill left \d+ % of it as it was\. Brush over it/),
    });
    // Changed, but still a cup where the cup was (its colours shifted): the detector still sees it.
    const tinted = Buffer.from(data);
    for (let i = 0; i < core.length; i++) if (hole[i]) for (let c = 0; c < 3; c++) tinted[i * 3 + c] = Math.min(255, tinted[i * 3 + c]! + 40);
    await expect(checkRemoval('cup', { width: W, height: H, core, hole, removed: [cup], before: [cup], brushed: false }, data, tinted)).rejects.toMatchObject({
      extensions: { code: 'BAD_USER_INPUT', reason: 'STILL_THERE' },
    });
  });

  it('a brushed area must hold no object after the fill: the same cup found there again is reported, with what to do', async () => {
    const { data, width: W, height: H } = await rgbOf('coffee.png');
    const cup = (await findNamedObjects({ data, width: W, height: H, channels: 3 }, 'cup')).detections[0]!;
    const { x, y, width, height } = cup.box;
    const hole = rect(W, H, x, y, x + width, y + height);
    // Changed (tinted), but still a cup where the brush was: a copy, or what the brush did not take.
    const tinted = Buffer.from(data);
    for (let i = 0; i < hole.length; i++) if (hole[i]) for (let c = 0; c < 3; c++) tinted[i * 3 + c] = Math.min(255, tinted[i * 3 + c]! + 40);
    const { madeUp } = await checkRemoval(undefined, { width: W, height: H, core: hole, hole, removed: [], before: [cup], brushed: true }, data, tinted);
    expect(madeUp.map((d) => d.label)).toContain('cup');
    expect(madeUpError(undefined, madeUp)).toMatchObject({
      extensions: { code: 'BAD_USER_INPUT', reason: 'NEW_OBJECT' },
      message: expect.stringMatching(/^Something that looks like a cup is in the brushed area after filling\. Brush over all of it/),
    });
  });

  it('completes on a real photo only when the detector no longer finds the object where it was', async () => {
    const bytes = await sharp(resolve(PHOTOS, 'coffee.png')).png().toBuffer();
    const out = await removeObjectLocal(bytes, 'cup', undefined, { maxPixels: 40e6 });
    expect(out.summary).toBe('Removed the cup');
    const { data, info } = await sharp(out.png).removeAlpha().raw().toBuffer({ resolveWithObject: true });
    const again = await findNamedObjects({ data, width: info.width, height: info.height, channels: 3 }, 'cup');
    const before = (await findNamedObjects({ ...(await rgbOf('coffee.png')), channels: 3 }, 'cup')).detections[0]!.box;
    const overlap = (b: typeof before) => {
      const w = Math.max(0, Math.min(b.x + b.width, before.x + before.width) - Math.max(b.x, before.x));
      const h = Math.max(0, Math.min(b.y + b.height, before.y + before.height) - Math.max(b.y, before.y));
      return (w * h) / (b.width * b.height + before.width * before.height - w * h);
    };
    expect(again.detections.filter((d) => overlap(d.box) >= 0.5)).toEqual([]);
  });

  it('a brushed area: completes when the fill replaced what was brushed (the bowl of the spoon on a real saucer)', async () => {
    const { width: W, height: H } = await rgbOf('coffee.png');
    const mask = await sharp(Buffer.from(rect(W, H, 322, 226, 410, 330).map((v) => v * 255)), { raw: { width: W, height: H, channels: 1 } })
      .png()
      .toBuffer();
    const out = await removeObjectLocal(await sharp(resolve(PHOTOS, 'coffee.png')).png().toBuffer(), 'spoon', mask, { maxPixels: 40e6 });
    expect(out.summary).toBe('Removed the brushed area');
    expect(out.brushed).toBe(true);
  });
});

describe('background removal refuses a cut-out with no clear subject', () => {
  it('accepts a real portrait, refuses the same photo blurred by camera motion and a bare lawn, with what to do', async () => {
    const portrait = await sharp(resolve(PHOTOS, 'astronaut.jpg')).ensureAlpha().raw().toBuffer({ resolveWithObject: true });
    const alpha = await subjectAlpha({ data: portrait.data, width: portrait.info.width, height: portrait.info.height, channels: 4 });
    expect(cutoutProblem(alpha)).toBeNull();

    // A 41 px horizontal camera shake: the model is unsure of most of the frame (a ghost, reported done before).
    const k = 41;
    const kernel = Array.from({ length: k * k }, (_, i) => (Math.floor(i / k) === (k - 1) / 2 ? 1 : 0));
    const shaken = await sharp(resolve(PHOTOS, 'astronaut.jpg')).convolve({ width: k, height: k, kernel, scale: k }).ensureAlpha().raw().toBuffer({ resolveWithObject: true });
    const ghost = await subjectAlpha({ data: shaken.data, width: shaken.info.width, height: shaken.info.height, channels: 4 });
    expect(cutoutProblem(ghost)).toMatch(
      /^This photo has no clear subject to cut out: the model could not tell subject from background in \d+ % of it\. Try a photo with one clear subject/,
    );

    const lawn = await sharp(resolve(PHOTOS, 'grass.png')).ensureAlpha().raw().toBuffer({ resolveWithObject: true });
    const none = await subjectAlpha({ data: lawn.data, width: lawn.info.width, height: lawn.info.height, channels: 4 });
    expect(cutoutProblem(none)).toBe('No subject was found in this photo to cut out. Try a photo with one clear subject in front of its background.');
  });
});
