// Embedded, offline object removal (docs/architecture.md, "Object removal"): the object is found
// by name with a COCO detector (detector.ts) and/or brushed; it and the objects touching it are
// outlined by segmentation (object-scene.ts), so the hole is the target alone; the hole is
// filled by exemplar inpainting (inpaint.ts) from background only, or by an IOPaint server; the
// result is checked before it is reported (object-checks.ts). Pixels outside the hole are never
// touched.
import sharp from 'sharp';
import { AppError, ErrorCode } from '../../server/shared/platform/errors.js';
import { brushAt, nothingBrushed } from '../image-mask.js';
import { decodeRgba, type Progress } from './background.js';
import { inpaintRaw } from './inpaint.js';
import { fillWithIOPaint } from '../providers/image/iopaint.js';
import { inpaintLearned, learnedInpainter, type LearnedModelSettings } from './learned/inpainter.js';
import { checkRemoval, doubtOf, madeUpError, sourcesOf } from './object-checks.js';
import { MAX_INSTANCES, planRemoval, type RemovalPlan } from './object-scene.js';
import type { RawImage } from './segmenter.js';

export { MAX_INSTANCES };

export interface ObjectRemovalOptions {
  maxPixels: number;
  /** An IOPaint server's URL: it fills the hole (a learned inpainter), checked like our own fill. */
  fillUrl?: string;
  /** Else a learned inpainter file found by these settings fills it (docs/learned-models.md), checked alike. */
  models?: LearnedModelSettings;
}

export interface ObjectRemoval {
  png: Buffer;
  /** What was found by name: the detector's class, how many were removed of how many seen. */
  found: { label: string; removed: number; seen: number; matchedAs: 'exact' | 'similar' } | null;
  brushed: boolean;
  /** One line for the user: what was removed. */
  summary: string;
  /** What the user should look at in a result that passed its checks but may not convince; absent for a plain success. */
  note?: string;
  /** What filled the hole: 'embedded', the IOPaint server's model ("iopaint:lama"), or a learned file's ("learned:lama"). */
  filledBy?: string;
}

/** A planned removal with the decoded image and what the user is told. */
interface Planned extends RemovalPlan {
  image: RawImage;
  found: ObjectRemoval['found'];
  brushed: boolean;
  summary: string;
}

export async function removeObjectLocal(
  input: Buffer,
  object: string | undefined,
  mask: Buffer | undefined,
  opts: ObjectRemovalOptions,
  progress: Progress = () => {},
): Promise<ObjectRemoval> {
  const plan = await findObjectHole(input, object, mask, opts, progress);
  const { width: W, height: H } = plan.image;
  progress(70, 'Filling in the background');
  // The decoded pixels go straight to the inpainter (no PNG round trip), alpha left out as before.
  const rgb = await sharp(plan.image.data, { raw: { width: W, height: H, channels: plan.image.channels } })
    .removeAlpha()
    .raw()
    .toBuffer();
  const image = { data: rgb, width: W, height: H, channels: 3 };
  const remote = opts.fillUrl
    ? await fillWithIOPaint(opts.fillUrl, { data: rgb, width: W, height: H }, plan.hole)
    : opts.models && (await learnedInpainter(opts.models))
      ? await inpaintLearned(opts.models, { data: rgb, width: W, height: H }, plan.hole)
      : null;
  let filled = remote ? remote.rgb : inpaintRaw(image, plan.hole, { keep: plan.keep, avoid: plan.avoid });
  progress(88, 'Checking the result');
  const checked = { ...plan, width: W, height: H };
  let { madeUp } = await checkRemoval(object, checked, rgb, filled);
  if (madeUp.length && !remote) {
    // Something that looks like an object was copied in: fill again with none of that kind as a source.
    progress(92, 'Filling again from other parts of the photo');
    const avoid = sourcesOf([...new Set(madeUp.map((d) => d.label))], plan.before, plan.avoid, W, H);
    filled = inpaintRaw(image, plan.hole, { keep: plan.keep, avoid });
    ({ madeUp } = await checkRemoval(object, checked, rgb, filled));
  }
  if (madeUp.length) throw madeUpError(object, madeUp);
  const note = doubtOf(checked, object);
  const png = await sharp(filled, { raw: { width: W, height: H, channels: 3 } })
    .png()
    .toBuffer();
  return {
    png,
    found: plan.found,
    brushed: plan.brushed,
    summary: plan.summary,
    ...(note ? { note } : {}),
    filledBy: remote ? `${opts.fillUrl ? 'iopaint' : 'learned'}:${remote.model}` : 'embedded',
  };
}

/**
 * The same search, for a service that fills the hole itself (ClipDrop's cleanup): a mask PNG
 * of the (EXIF-oriented) image's size, white where to remove, black elsewhere.
 */
export async function objectMaskLocal(
  input: Buffer,
  object: string | undefined,
  mask: Buffer | undefined,
  opts: ObjectRemovalOptions,
  progress: Progress = () => {},
): Promise<ObjectRemoval> {
  const { image, hole, found, brushed, summary } = await findObjectHole(input, object, mask, opts, progress);
  const white = Buffer.alloc(hole.length);
  for (let i = 0; i < hole.length; i++) white[i] = hole[i] ? 255 : 0;
  const png = await sharp(white, { raw: { width: image.width, height: image.height, channels: 1 } })
    .png()
    .toBuffer();
  return { png, found, brushed, summary };
}

async function findObjectHole(input: Buffer, object: string | undefined, mask: Buffer | undefined, opts: ObjectRemovalOptions, progress: Progress): Promise<Planned> {
  const image = await decodeRgba(input, opts.maxPixels);
  const { width: W, height: H } = image;
  const brush = mask ? ((await brushAt(mask, W, H, opts.maxPixels))?.area ?? null) : null;
  if (!object && !brush) throw nothingBrushed();
  const plan = await planRemoval(image, object, brush, progress);
  if (object) refuseUnremoved(object, plan, Boolean(brush));
  const found =
    object && plan.removed.length
      ? { label: plan.removed[0]!.label, removed: plan.removed.length, seen: plan.seen, matchedAs: plan.named!.matchedAs as 'exact' | 'similar' }
      : null;
  return { ...plan, image, found, brushed: Boolean(brush), summary: summarise(object, found, plan.merged) };
}

/** Without a brush to fall back on, a name that removed nothing fails, saying why and what to do. */
function refuseUnremoved(object: string, plan: RemovalPlan, brushed: boolean): void {
  if (plan.removed.length || brushed) return;
  const { named, seen, tooLarge } = plan;
  if (tooLarge || (!seen && named?.detections.length)) {
    throw new AppError(
      ErrorCode.BAD_USER_INPUT,
      `The ${object} takes up ${tooLarge ? `${Math.round(tooLarge * 100)} % of this image` : 'most of this image'}: too much to fill in from what is around it. Brush over the part to remove.`,
      { object, reason: 'TOO_LARGE' },
    );
  }
  if (!seen) {
    throw new AppError(
      ErrorCode.BAD_USER_INPUT,
      named?.classes.length ? `No ${object} was found in this image. Brush over it and try again.` : `Atelier can't find a "${object}" by name yet. Brush over it and try again.`,
      { object, reason: named?.classes.length ? 'NOT_FOUND' : 'UNKNOWN_OBJECT' },
    );
  }
  const one = `${/^[aeiou]/i.test(object) ? 'an' : 'a'} ${object}`;
  throw new AppError(
    ErrorCode.BAD_USER_INPUT,
    `Found ${seen === 1 ? one : `${seen} × ${object}`} but could not tell ${seen === 1 ? 'its' : 'their'} outline from the background. Brush over the ${object} and try again.`,
    { object, reason: 'NOT_OUTLINED', seen },
  );
}

/**
 * What was removed, in one line: every instance up to MAX_INSTANCES, the largest first, and how
 * many were left (docs/architecture.md, "Object removal").
 */
function summarise(object: string | undefined, found: ObjectRemoval['found'], merged: boolean): string {
  if (!found || !object) return 'Removed the brushed area';
  const what = found.removed === 1 ? `the ${object}` : `${found.removed} × ${object}`;
  const left = found.seen - found.removed;
  const of = left > 0 ? ` (the ${found.removed === 1 ? 'largest' : `${found.removed} largest`} of the ${found.seen} found: brush over the others to remove them too)` : '';
  const overlapping = merged && found.removed > 1 ? ' (where they overlap, two may have counted as one)' : '';
  return `Removed ${what}${of}${overlapping}`;
}
