// Removal by name on real photographs (docs/architecture.md, "Embedded image models"): a removal is COMPLETED only when the object is
// gone, judged here from outside (its box changed, the detector no longer finds it there), and
// every other outcome is a failure that says what to do. Before, a white jet on white clouds
// was "Removed the airplane" with its tail and a wing left in the photo, the apple filling
// a third of its frame and the zebra were refused as "fills most of this image", while a
// portrait's sitter (42 % of the frame) came back as copies of the shuttle models beside her.
import { describe, expect, it } from 'vitest';
import sharp from 'sharp';
import { findNamedObjects } from '../../worker/models/detector.js';
import { inpaintRaw } from '../../worker/models/inpaint.js';
import { checkRemoval } from '../../worker/models/object-checks.js';
import { NAMED_SCENES, runNamedScene, sceneBytes, type NamedSceneRun } from '../fixtures/named-scenes.js';

async function sceneRgb(photo: string, megapixels?: number) {
  const { data, info } = await sharp(await sceneBytes(photo, megapixels))
    .removeAlpha()
    .raw()
    .toBuffer({ resolveWithObject: true });
  return { data, width: info.width, height: info.height, channels: 3 as const };
}

const runs = new Map<string, NamedSceneRun>();
const run = async (photo: string): Promise<NamedSceneRun> => {
  const scene = NAMED_SCENES.find((s) => s.photo === photo)!;
  if (!runs.has(photo)) runs.set(photo, await runNamedScene(scene));
  return runs.get(photo)!;
};

describe('object removal by name on real scenes', () => {
  it.each(NAMED_SCENES.map((s) => [s.photo, s.word]))('%s, "%s": COMPLETED only with the object gone, otherwise a failure that says what to do', async (photo) => {
    const r = await run(photo);
    if (r.outcome === 'COMPLETED') {
      expect(r.foundAfter, `${photo}: the detector still finds the ${r.scene.word}`).toEqual([]);
      expect(r.changedShare).toBeGreaterThanOrEqual(0.25);
      expect(r.message).toMatch(/^Removed /);
    } else {
      expect(r.code).toBe('BAD_USER_INPUT');
      expect(r.message).toMatch(/Brush over/);
      expect(['TOO_LARGE', 'STILL_THERE', 'NOT_REMOVED', 'NOT_OUTLINED', 'NOT_FOUND']).toContain(r.reason);
    }
  });

  it('removes the apple that fills a third of the frame, the zebra, the cup on its saucer and the cameraman', async () => {
    for (const photo of ['apple.jpg', 'zebra.jpg', 'coffee.png', 'camera.png']) {
      const r = await run(photo);
      expect({ photo, outcome: r.outcome, message: r.message, gone: r.gone }).toMatchObject({ photo, outcome: 'COMPLETED', gone: true });
    }
  });

  it('removes the white jet on white clouds whole, and fails, naming the part, when an outline leaves part of it', async () => {
    // Seen at 1024², the segmenter outlined the fuselage only, and the job said "Removed the
    // airplane" with the tail and a wing still in the photo. At 640² it outlines the jet whole.
    const r = await run('goshawk.jpg');
    expect({ outcome: r.outcome, gone: r.gone }).toEqual({ outcome: 'COMPLETED', gone: true });

    // An outline that misses the back third (as the 1024² one did): the fill leaves the tail and
    // the wing, which the detector still finds as an airplane inside the removed box.
    const image = await sceneRgb('goshawk.jpg', 1);
    const { width: W, height: H } = image;
    const jet = (await findNamedObjects(image, 'airplane')).detections[0]!;
    const front = new Uint8Array(W * H);
    const { x, y, width, height } = jet.box;
    for (let yy = y; yy < y + height; yy++) front.fill(1, yy * W + x, yy * W + x + Math.round(width * 0.65));
    const after = Buffer.from(inpaintRaw(image, front));
    await expect(
      checkRemoval('airplane', { width: W, height: H, core: front, hole: front, removed: [jet], before: [jet], brushed: false }, image.data, after),
    ).rejects.toMatchObject({
      extensions: { code: 'BAD_USER_INPUT', reason: 'STILL_THERE' },
      message: expect.stringMatching(/^Part of the airplane is still visible after filling \(its outline was not found exactly\)\. Brush over the whole airplane/),
    });
  });

  it("refuses a portrait's sitter, naming why and what to do, without touching the photo", async () => {
    for (const photo of ['astronaut.jpg', 'grace_hopper.jpg', 'chelsea.png']) {
      const r = await run(photo);
      expect({ photo, reason: r.reason }).toEqual({ photo, reason: 'TOO_LARGE' });
      expect(r.message).toMatch(/^The (person|cat) takes up (\d+ % of|most of) this image: too much to fill in from what is around it\. Brush over the part to remove\.$/);
    }
  });
});
