// The PDF reader process (started by read.ts for each PDF): reads the one PDF it is sent,
// within bounds, answers, and exits. Its own checks: what the file's zlib (FlateDecode)
// streams unpack to, how many pages it has, how much text it holds. read.ts bounds its
// memory and time: what slips past these checks (other filters, chained filters, a slow
// page) is stopped there.
// Plain JavaScript on purpose: it starts with every resume, and plain Node starts it in
// about 0.2 s where the TypeScript loader takes over a second.
import { constants, inflateSync } from 'node:zlib';
import { getDocumentProxy } from 'unpdf';

/** @typedef {{ maxPages: number; maxChars: number; maxInflatedBytes: number }} PdfLimits */
/** @typedef {{ reason: 'inflated' } | { reason: 'pages'; pages: number } | { reason: 'text' } | { reason: 'unreadable'; detail: string }} Refusal */

class Refused extends Error {
  /** @param {Refusal} refusal */
  constructor(refusal) {
    super(refusal.reason);
    this.refusal = refusal;
  }
}

/** A zlib header as pdf.js's FlateDecode accepts it (deflate, valid check bits, no preset dictionary). */
const isZlibHeader = (/** @type {number | undefined} */ cmf, /** @type {number | undefined} */ flg) =>
  cmf !== undefined && flg !== undefined && (cmf & 0x0f) === 8 && cmf >> 4 <= 7 && ((cmf << 8) | flg) % 31 === 0 && (flg & 0x20) === 0;

/**
 * What the file's zlib streams unpack to in all (their first layer), counted without keeping
 * more than `limit` bytes; stops as soon as the total passes `limit`.
 * @param {Buffer} buf
 * @param {number} limit
 */
export function inflatedBytes(buf, limit) {
  let total = 0;
  for (let at = buf.indexOf('stream'); at >= 0; at = buf.indexOf('stream', at + 6)) {
    if (at >= 3 && buf.toString('latin1', at - 3, at) === 'end') continue;
    let start = at + 6;
    if (buf[start] === 0x0d) start += 1;
    if (buf[start] === 0x0a) start += 1;
    if (start === at + 6 || !isZlibHeader(buf[start], buf[start + 1])) continue;
    try {
      // Z_SYNC_FLUSH: a stream cut short still counts what it unpacks to.
      total += inflateSync(buf.subarray(start), { maxOutputLength: limit - total + 1, finishFlush: constants.Z_SYNC_FLUSH }).length;
    } catch (e) {
      if (/** @type {{ code?: string }} */ (e).code === 'ERR_BUFFER_TOO_LARGE') return limit + 1;
      // Damaged data: pdf.js stops at the same place.
    }
    if (total > limit) return total;
  }
  return total;
}

/** unpdf's normalisation of merged pages, without blanks at line ends. */
const normalize = (/** @type {string[]} */ pages) =>
  pages
    .join('\n')
    .replace(/[^\S\n]+/g, ' ')
    .replace(/ ?\n ?/g, '\n')
    .replace(/\n{3,}/g, '\n\n')
    .trim();

const unreadable = (/** @type {unknown} */ e) => new Refused({ reason: 'unreadable', detail: e instanceof Error ? e.message : String(e) });

/**
 * The text of every page, one page at a time, refused past any limit.
 * @param {Buffer} bytes
 * @param {PdfLimits} limits
 */
async function extract(bytes, limits) {
  if (inflatedBytes(bytes, limits.maxInflatedBytes) > limits.maxInflatedBytes) throw new Refused({ reason: 'inflated' });
  // pdf.js takes a plain Uint8Array (not a Buffer).
  const pdf = await getDocumentProxy(new Uint8Array(bytes.buffer, bytes.byteOffset, bytes.byteLength), { verbosity: 0 }).catch((e) => {
    throw unreadable(e);
  });
  try {
    if (pdf.numPages > limits.maxPages) throw new Refused({ reason: 'pages', pages: pdf.numPages });
    /** @type {string[]} */
    const texts = [];
    let chars = 0;
    for (let n = 1; n <= pdf.numPages; n++) {
      const page = await pdf.getPage(n);
      const { items } = await page.getTextContent();
      const text = items.map((item) => ('str' in item ? item.str + (item.hasEOL ? '\n' : '') : '')).join('');
      chars += text.length;
      if (chars > limits.maxChars) throw new Refused({ reason: 'text' });
      texts.push(text);
      page.cleanup();
    }
    return { text: normalize(texts), pages: pdf.numPages };
  } catch (e) {
    throw e instanceof Refused ? e : unreadable(e);
  } finally {
    await pdf.destroy().catch(() => undefined);
  }
}

// The worker that started it is gone (killed): nobody is watching any more, so stop.
process.once('disconnect', () => process.exit(1));

process.once('message', (/** @type {{ bytes: Uint8Array; limits: PdfLimits }} */ { bytes, limits }) => {
  extract(Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength), limits)
    .then(
      (read) => read,
      (e) => (e instanceof Refused ? { refusal: e.refusal } : { failure: e instanceof Error ? e.message : String(e) }),
    )
    .then((answer) => process.send?.(answer, () => process.exit(0)));
});
