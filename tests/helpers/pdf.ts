// Builds a small, valid text PDF (Helvetica, one line per row, several pages if needed)
// so resume tests upload a real document.
export function makePdf(lines: string[], linesPerPage = 45): Buffer {
  const esc = (s: string) => s.replace(/[\\()]/g, (c) => `\\${c}`).replace(/[^\x20-\x7e]/g, '?');
  const pages: string[][] = [];
  for (let i = 0; i < Math.max(lines.length, 1); i += linesPerPage) pages.push(lines.slice(i, i + linesPerPage));
  const objects: string[] = [];
  const add = (body: string) => objects.push(body) ; // object number = index + 1
  add('<< /Type /Catalog /Pages 2 0 R >>');
  add(''); // pages, filled below
  add('<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>');
  const kids: number[] = [];
  for (const page of pages) {
    const text = ['BT', '/F1 11 Tf', '14 TL', '50 790 Td', ...page.map((l) => `(${esc(l)}) Tj T*`), 'ET'].join('\n');
    add(`<< /Length ${Buffer.byteLength(text)} >>\nstream\n${text}\nendstream`);
    const contentNo = objects.length;
    add(`<< /Type /Page /Parent 2 0 R /MediaBox [0 0 595 842] /Resources << /Font << /F1 3 0 R >> >> /Contents ${contentNo} 0 R >>`);
    kids.push(objects.length);
  }
  objects[1] = `<< /Type /Pages /Kids [${kids.map((k) => `${k} 0 R`).join(' ')}] /Count ${kids.length} >>`;
  let out = '%PDF-1.4\n';
  const offsets: number[] = [];
  objects.forEach((body, i) => {
    offsets.push(Buffer.byteLength(out));
    out += `${i + 1} 0 obj\n${body}\nendobj\n`;
  });
  const xref = Buffer.byteLength(out);
  out += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n${offsets.map((o) => `${String(o).padStart(10, '0')} 00000 n \n`).join('')}`;
  out += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return Buffer.from(out, 'latin1');
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
