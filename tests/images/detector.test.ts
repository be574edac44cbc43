// The embedded object detector (CenterNet on TensorFlow.js WebAssembly) on real photographs and
// on real cut-outs pasted onto real background plates, whose boxes are known exactly.
import { resolve } from 'node:path';
import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import { classesForName, detectObjects, findNamedObjects, loadDetector, type Detection, type DetectorImage } from '../../worker/models/detector.js';

const PHOTOS = resolve(import.meta.dirname, '../fixtures/photos');
type Box = Detection['box'];

async function photo(file: string): Promise<DetectorImage> {
  const { data, info } = await sharp(resolve(PHOTOS, file)).raw().toBuffer({ resolveWithObject: true });
  return { data, width: info.width, height: info.height, channels: info.channels as 3 | 4 };
}

/**
 * A cut-out (exact alpha) pasted onto a plate tiled to width × height, the cut-out's height a
 * `size` fraction of the frame's, centred at `at`. Also its true box (alpha ≥ 128).
 */
async function pasted(
  cutout: 'cat' | 'cup',
  plate: 'grass' | 'brick',
  width: number,
  height: number,
  size: number,
  at: { x: number; y: number },
): Promise<{ image: DetectorImage; box: Box }> {
  const ch = Math.round(height * size);
  const { data: cut, info } = await sharp(resolve(PHOTOS, 'cutouts', `${cutout}.png`))
    .resize({ height: ch })
    .ensureAlpha()
    .raw()
    .toBuffer({ resolveWithObject: true });
  const left = Math.round(at.x * width - info.width / 2);
  const top = Math.round(at.y * height - info.height / 2);
  let x0 = Infinity;
  let y0 = Infinity;
  let x1 = -1;
  let y1 = -1;
  for (let y = 0; y < info.height; y++) {
    for (let x = 0; x < info.width; x++) {
      if (cut[(y * info.width + x) * 4 + 3]! < 128) continue;
      x0 = Math.min(x0, x);
      x1 = Math.max(x1, x);
      y0 = Math.min(y0, y);
      y1 = Math.max(y1, y);
    }
  }
  const cutPng = await sharp(cut, { raw: { width: info.width, height: info.height, channels: 4 } })
    .png()
    .toBuffer();
  const platePng = await sharp(resolve(PHOTOS, `${plate}.png`))
    .toColourspace('srgb')
    .png()
    .toBuffer();
  const { data } = await sharp({ create: { width, height, channels: 3, background: '#808080' } })
    .composite([
      { input: platePng, tile: true, left: 0, top: 0 },
      { input: cutPng, left, top },
    ])
    .removeAlpha()
    .raw()
    .toBuffer({ resolveWithObject: true });
  return {
    image: { data, width, height, channels: 3 },
    box: { x: left + x0, y: top + y0, width: x1 - x0 + 1, height: y1 - y0 + 1 },
  };
}

function iou(a: Box, b: Box): number {
  const iw = Math.max(0, Math.min(a.x + a.width, b.x + b.width) - Math.max(a.x, b.x));
  const ih = Math.max(0, Math.min(a.y + a.height, b.y + b.height) - Math.max(a.y, b.y));
  const inter = iw * ih;
  return inter / (a.width * a.height + b.width * b.height - inter);
}

describe('classesForName', () => {
  it.each([
    ['cup', ['cup']],
    ['mug', ['cup']],
    ['Cups', ['cup']],
    ['MUGS', ['cup']],
    ['the coffee mug', ['cup']],
    ['cup of coffee', ['cup']],
    ['puppy', ['dog']],
    ['puppies', ['dog']],
    ['dogs', ['dog']],
    ['kitten', ['cat']],
    ['cats', ['cat']],
    ['person', ['person']],
    ['man', ['person']],
    ['woman', ['person']],
    ['men', ['person']],
    ['people', ['person']],
    ['astronaut', ['person']],
    ['motorbike', ['motorcycle']],
    ['bottle', ['bottle']],
    ['bottles', ['bottle']],
    ['wine glasses', ['wine glass']],
    ['glass', ['wine glass']],
    ['buses', ['bus']],
    ['horses', ['horse']],
    ['knives', ['knife']],
    ['mice', ['mouse']],
    ['sofa', ['couch']],
    ['coffee table', ['dining table']],
    ['teddy bear', ['teddy bear']],
    ['polar bear', ['bear']],
    ['hot-dog', ['hot dog']],
    ['traffic lights', ['traffic light']],
    ['TV', ['tv']],
    ['phone', ['cell phone']],
    ['fridge', ['refrigerator']],
    ['skis', ['skis']],
    ['bag', ['handbag', 'backpack', 'suitcase']],
    ['fruit', ['apple', 'orange', 'banana']],
    ['fruits', ['apple', 'orange', 'banana']],
    ['footballer', ['person']],
    ['pets', ['cat', 'dog']],
    ['animal', ['bird', 'cat', 'dog', 'horse', 'sheep', 'cow', 'elephant', 'bear', 'zebra', 'giraffe']],
    ['unicorn', []],
    ['grass', []],
    ['cat food', []],
    ['', []],
    ['   ', []],
  ])('%j → %j', (name, classes) => {
    expect(classesForName(name)).toEqual(classes);
  });
});

describe('detector', () => {
  beforeAll(async () => {
    await loadDetector();
  });

  it('loads the model once and leaves the process error handlers alone', async () => {
    expect(loadDetector()).toBe(loadDetector());
    const before = [process.listenerCount('uncaughtException'), process.listenerCount('unhandledRejection')];
    await detectObjects({ data: new Uint8Array(64 * 48 * 3).fill(128), width: 64, height: 48, channels: 3 });
    expect([process.listenerCount('uncaughtException'), process.listenerCount('unhandledRejection')]).toEqual(before);
  });

  it('refuses malformed images', async () => {
    await expect(detectObjects({ data: new Uint8Array(10), width: 64, height: 48, channels: 3 })).rejects.toThrow(/shorter/);
    await expect(detectObjects({ data: new Uint8Array(10), width: 0, height: 48, channels: 3 })).rejects.toThrow(/size/);
  });

  it('finds the cup in coffee.png', async () => {
    const image = await photo('coffee.png');
    const detections = await detectObjects(image);
    const cup = detections.find((d) => d.label === 'cup');
    expect(cup?.score).toBeGreaterThan(0.4);
    // The cup (with its saucer) is in the middle third of the photo, all of its height.
    expect(cup!.box.x).toBeGreaterThan(100);
    expect(cup!.box.x + cup!.box.width).toBeLessThan(500);
    expect(cup!.box.height).toBeGreaterThan(180);
    const named = await findNamedObjects(image, 'mug');
    expect(named).toMatchObject({ classes: ['cup'], matchedAs: 'exact' });
    expect(named.detections).toHaveLength(1);
    expect(named.detections[0]!.box).toEqual(cup!.box);
  });

  it("finds chelsea's cat (or the dog it is sometimes taken for) by the name 'cat'", async () => {
    const image = await photo('chelsea.png');
    const top = (await detectObjects(image))[0];
    expect(['cat', 'dog']).toContain(top?.label);
    const named = await findNamedObjects(image, 'cat');
    expect(named.matchedAs).not.toBe('none');
    const animal = named.detections[0]!;
    expect(['cat', 'dog']).toContain(animal.label);
    // The cat's head fills the frame.
    expect(animal.box.width * animal.box.height).toBeGreaterThan(0.6 * image.width * image.height);
  });

  it('sees no cat, dog or cup in rocket.jpg', async () => {
    const image = await photo('rocket.jpg');
    const labels = (await detectObjects(image)).map((d) => d.label);
    for (const label of ['cat', 'dog', 'cup']) expect(labels).not.toContain(label);
    expect((await findNamedObjects(image, 'cat')).matchedAs).toBe('none');
  });

  it('takes RGBA: a cut-out on transparency is flattened, not read as black', async () => {
    const image = await photo('cutouts/cat.png');
    expect(image.channels).toBe(4);
    const named = await findNamedObjects(image, 'kitty');
    expect(named.matchedAs).toBe('exact');
    expect(named.detections[0]!.label).toBe('cat');
  });

  it('returns nothing for an unknown word, without running the model', async () => {
    const named = await findNamedObjects({ data: new Uint8Array(3), width: 1, height: 1, channels: 3 }, 'unicorn');
    expect(named).toEqual({ classes: [], matchedAs: 'none', detections: [] });
  });

  it.each([
    ['cat', 'grass', 1600, 1200, 0.35, { x: 0.5, y: 0.5 }],
    ['cat', 'brick', 1600, 1200, 0.3, { x: 0.3, y: 0.35 }],
    ['cat', 'brick', 4000, 3000, 0.35, { x: 0.5, y: 0.5 }],
    ['cup', 'grass', 1600, 1200, 0.3, { x: 0.7, y: 0.6 }],
    ['cup', 'brick', 1600, 1200, 0.4, { x: 0.5, y: 0.5 }],
    ['cup', 'grass', 4000, 3000, 0.35, { x: 0.3, y: 0.35 }],
  ] as const)('finds the %s pasted on %s at %i×%i (height %f of the frame)', async (cutout, plate, width, height, size, at) => {
    const { image, box } = await pasted(cutout, plate, width, height, size, at);
    const named = await findNamedObjects(image, cutout);
    expect(named.matchedAs).toBe('exact');
    expect(named.detections).toHaveLength(1);
    const [found] = named.detections;
    expect(found!.label).toBe(cutout);
    expect(iou(found!.box, box)).toBeGreaterThanOrEqual(0.5);
  });

  it.each([
    ['cat', 'grass'],
    ['cup', 'brick'],
  ] as const)('finds both of two %ss on %s, one box each', async (cutout, plate) => {
    const [width, height] = [1600, 1200];
    const file = resolve(PHOTOS, 'cutouts', `${cutout}.png`);
    const big = await sharp(file).resize({ height: 420 }).png().toBuffer();
    const small = await sharp(file).resize({ height: 336 }).flop().png().toBuffer();
    const platePng = await sharp(resolve(PHOTOS, `${plate}.png`))
      .toColourspace('srgb')
      .png()
      .toBuffer();
    const { data } = await sharp({ create: { width, height, channels: 3, background: '#808080' } })
      .composite([
        { input: platePng, tile: true, left: 0, top: 0 },
        { input: big, left: 50, top: 120 },
        { input: small, left: 880, top: 600 },
      ])
      .removeAlpha()
      .raw()
      .toBuffer({ resolveWithObject: true });
    const named = await findNamedObjects({ data, width, height, channels: 3 }, cutout);
    expect(named.matchedAs).toBe('exact');
    expect(named.detections).toHaveLength(2);
    const lefts = named.detections.map((d) => d.box.x + d.box.width / 2).sort((a, b) => a - b);
    expect(lefts[0]).toBeLessThan(width / 2);
    expect(lefts[1]).toBeGreaterThan(width / 2);
  });

  it.each([
    ['cat', 'grass', 1600, 1200],
    ['cup', 'brick', 1600, 1200],
  ] as const)('finds no %s on the bare %s plate', async (name, plate, width, height) => {
    const platePng = await sharp(resolve(PHOTOS, `${plate}.png`))
      .toColourspace('srgb')
      .png()
      .toBuffer();
    const { data } = await sharp({ create: { width, height, channels: 3, background: '#808080' } })
      .composite([{ input: platePng, tile: true, left: 0, top: 0 }])
      .removeAlpha()
      .raw()
      .toBuffer({ resolveWithObject: true });
    const image: DetectorImage = { data, width, height, channels: 3 };
    expect(await findNamedObjects(image, name)).toEqual({ classes: [name], matchedAs: 'none', detections: [] });
  });
});
