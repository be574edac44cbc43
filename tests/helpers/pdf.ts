// Builds real PDFs for the resume tests: a small text PDF (Helvetica, one line per row,
// several pages if needed), and hostile ones (decompression bombs) built from raw objects.
import { once } from 'node:events';
import { createDeflate, deflateSync } from 'node:zlib';

/** A stream object: its dictionary entries (without << >>) and its raw bytes. */
export interface PdfStream {
  dict: string;
  data: Buffer;
}

/** A PDF of these objects, numbered from 1 in order (object 1 must be the catalog). */
export function assemblePdf(objects: (string | PdfStream)[]): Buffer {
  const parts: Buffer[] = [Buffer.from('%PDF-1.4\n%\xe2\xe3\xcf\xd3\n', 'latin1')];
  let length = parts[0]!.length;
  const push = (b: Buffer) => {
    parts.push(b);
    length += b.length;
  };
  const offsets: number[] = [];
  objects.forEach((o, i) => {
    offsets.push(length);
    if (typeof o === 'string') return push(Buffer.from(`${i + 1} 0 obj\n${o}\nendobj\n`, 'latin1'));
    push(Buffer.from(`${i + 1} 0 obj\n<< ${o.dict} /Length ${o.data.length} >>\nstream\n`, 'latin1'));
    push(o.data);
    push(Buffer.from('\nendstream\nendobj\n', 'latin1'));
  });
  const xref = `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n${offsets.map((o) => `${String(o).padStart(10, '0')} 00000 n \n`).join('')}`;
  push(Buffer.from(`${xref}trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${length}\n%%EOF\n`, 'latin1'));
  return Buffer.concat(parts);
}

/** A text PDF: one row per line, `linesPerPage` lines a page, in Helvetica of `fontSize` points. */
export function makePdf(lines: string[], linesPerPage = 45, fontSize = 11): Buffer {
  const esc = (s: string) => s.replace(/[\\()]/g, (c) => `\\${c}`).replace(/[^\x20-\x7e]/g, '?');
  const pages: string[][] = [];
  for (let i = 0; i < Math.max(lines.length, 1); i += linesPerPage) pages.push(lines.slice(i, i + linesPerPage));
  const objects: (string | PdfStream)[] = ['<< /Type /Catalog /Pages 2 0 R >>', '', '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>'];
  const kids: number[] = [];
  for (const page of pages) {
    const text = ['BT', `/F1 ${fontSize} Tf`, `${(fontSize * 14) / 11} TL`, '50 790 Td', ...page.map((l) => `(${esc(l)}) Tj T*`), 'ET'].join('\n');
    objects.push({ dict: '', data: Buffer.from(text, 'latin1') });
    const contentNo = objects.length;
    objects.push(`<< /Type /Page /Parent 2 0 R /MediaBox [0 0 595 842] /Resources << /Font << /F1 3 0 R >> >> /Contents ${contentNo} 0 R >>`);
    kids.push(objects.length);
  }
  objects[1] = `<< /Type /Pages /Kids [${kids.map((k) => `${k} 0 R`).join(' ')}] /Count ${kids.length} >>`;
  return assemblePdf(objects);
}

/** zlib (FlateDecode) data of `count` spaces, compressed as they are produced: memory stays small. */
export async function deflatedSpaces(count: number): Promise<Buffer> {
  const chunk = Buffer.alloc(1 << 20, 0x20);
  const deflate = createDeflate({ level: 9 });
  const out: Buffer[] = [];
  deflate.on('data', (b: Buffer) => out.push(b));
  for (let left = count; left > 0; left -= chunk.length) {
    if (!deflate.write(left >= chunk.length ? chunk : chunk.subarray(0, left))) await once(deflate, 'drain');
  }
  deflate.end();
  await once(deflate, 'end');
  return Buffer.concat(out);
}

/**
 * A resume whose pages all show one line of text and then the same content stream `flate`
 * (zlib data of a flood of spaces), deflated `extraLayers` more times under a chain of
 * FlateDecode filters.
 */
export function makeBombPdf(flate: Buffer, { extraLayers = 0, pages = 1 } = {}): Buffer {
  let data = flate;
  for (let i = 0; i < extraLayers; i++) data = deflateSync(data, { level: 9 });
  const filters = Array.from({ length: extraLayers + 1 }, () => '/FlateDecode').join(' ');
  const page = '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 595 842] /Resources << /Font << /F1 3 0 R >> >> /Contents [4 0 R 5 0 R] >>';
  const kids = Array.from({ length: pages }, (_, i) => `${6 + i} 0 R`).join(' ');
  return assemblePdf([
    '<< /Type /Catalog /Pages 2 0 R >>',
    `<< /Type /Pages /Kids [${kids}] /Count ${pages} >>`,
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>',
    { dict: '', data: Buffer.from('BT /F1 11 Tf 50 790 Td (Jordan Example, backend engineer) Tj ET\n', 'latin1') },
    { dict: `/Filter [${filters}]`, data },
    ...Array.from({ length: pages }, () => page),
  ]);
}

export const SAMPLE_RESUME = [
  'Jordan Example',
  'jordan.example@example.test | +1 555 0100 | linkedin.com/in/jordanexample',
  'SUMMARY',
  'Backend engineer with 6 years of experience building reliable payment systems.',
  'EXPERIENCE',
  'Senior Engineer, Paywise (2021 - present)',
  '- Led a team of 5 engineers to rebuild the settlement pipeline, cutting failures by 40%.',
  '- Reduced p99 API latency from 900 ms to 120 ms by redesigning caching.',
  '- Built fraud checks that saved $1.2M a year.',
  'Engineer, Shoply (2018 - 2021)',
  '- Designed the order service handling 3x holiday peak traffic.',
  '- Responsible for on-call rotations.',
  'EDUCATION',
  'BSc Computer Science, Example University, 2018',
  'SKILLS',
  'TypeScript, Node.js, PostgreSQL, Redis, Kubernetes',
];
