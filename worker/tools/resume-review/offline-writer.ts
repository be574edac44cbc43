// The offline resume reviewer: rule-based checks over the plain text extracted from a
// PDF, reported as markdown. The PDF is untrusted, so every quote of it is escaped.
import { countWords } from '../../providers/text/local/words.js';
import { templateNotice } from '../../providers/text/local/notice.js';

type SectionId = 'summary' | 'experience' | 'education' | 'skills' | 'projects' | 'certifications';

interface SectionRule {
  id: SectionId;
  label: string;
  /** Points towards the score; the first four are what recruiters expect on every resume. */
  points: number;
  /** Heading variants, matched against a whole line (or the part before a colon). */
  pattern: RegExp;
}

const SECTIONS: readonly SectionRule[] = [
  {
    id: 'summary',
    label: 'Summary / Profile',
    points: 3,
    pattern: /^(?:(?:professional|career|executive|personal)\s+)?(?:summary|profile|objective|overview|statement)(?:\s+of\s+qualifications)?$|^about(?:\s+me)?$/,
  },
  {
    id: 'experience',
    label: 'Experience / Work history',
    points: 8,
    pattern: /^(?:(?:professional|relevant|industry|work|employment|career)\s+)*(?:experience|history)$|^employment$|^positions\s+held$/,
  },
  {
    id: 'education',
    label: 'Education',
    points: 5,
    pattern: /^(?:education(?:al\s+background)?|academic\s+(?:background|qualifications|history))(?:\s+(?:and|&)\s+(?:training|certifications?))?$/,
  },
  {
    id: 'skills',
    label: 'Skills',
    points: 5,
    pattern:
      /^(?:(?:technical|core|key|professional|relevant|hard|soft)\s+)?(?:skills|competencies|expertise)(?:\s+(?:and|&)\s+(?:tools|technologies|competencies|expertise|interests|abilities))?$|^(?:tools\s+(?:and|&)\s+)?technologies$|^tech(?:nical)?\s+stack$|^areas\s+of\s+expertise$/,
  },
  {
    id: 'projects',
    label: 'Projects',
    points: 2,
    pattern: /^(?:(?:personal|selected|key|academic|side|notable|open[- ]source)\s+)?projects$/,
  },
  {
    id: 'certifications',
    label: 'Certifications',
    points: 2,
    pattern:
      /^(?:certifications?|certificates|licen[cs]es(?:\s+(?:and|&)\s+certifications)?|certifications\s+(?:and|&)\s+(?:licen[cs]es|training|courses)|courses|professional\s+development|training)$/,
  },
];

const CORE_SECTIONS: readonly SectionId[] = ['summary', 'experience', 'education', 'skills'];

const ACTION_VERBS = new Set(
  (
    'led lead built build designed design developed develop launched launch reduced reduce increased increase improved improve ' +
    'created create implemented implement delivered deliver managed manage drove drive established streamlined automated automate ' +
    'optimized optimised optimize architected architect engineered spearheaded negotiated generated grew saved cut accelerated ' +
    'achieved analyzed analysed analyze coordinated coordinate directed founded initiated introduced mentored mentor coached trained ' +
    'migrated modernized orchestrated overhauled pioneered produced rebuilt redesigned resolved restructured revamped scaled secured ' +
    'shipped simplified standardized transformed won authored published presented expanded boosted doubled tripled halved lowered ' +
    'minimized maximized eliminated consolidated deployed integrated owned own championed facilitated forecasted hired recruited ' +
    'supervised oversaw executed devised formulated invented prototyped refactored wrote organized planned conducted researched ' +
    'evaluated audited identified closed sold exceeded surpassed earned raised partnered negotiated cultivated captured converted ' +
    'co-led co-founded diagnosed enhanced expedited headed instituted maintained modeled modelled overhauled reorganized revitalized upgraded'
  ).split(' '),
);

interface WeakOpener {
  phrase: string;
  pattern: RegExp;
  instead: string;
}

const WEAK_OPENERS: readonly WeakOpener[] = [
  { phrase: 'Responsible for', pattern: /^(?:(?:was|am|is|were)\s+)?responsible\s+for\b/i, instead: '“Led”, “Owned” or “Managed”' },
  { phrase: 'Worked on', pattern: /^worked\s+(?:on|with|in)\b/i, instead: '“Built”, “Developed” or “Delivered”' },
  { phrase: 'Helped', pattern: /^helped\b/i, instead: '“Enabled”, “Supported” or “Contributed to”' },
  { phrase: 'Assisted', pattern: /^assisted\b/i, instead: '“Supported”, “Co-led” or “Enabled”' },
  { phrase: 'Involved in', pattern: /^(?:was\s+)?involved\s+in\b/i, instead: '“Drove”, “Contributed to” or “Delivered”' },
  { phrase: 'Participated in', pattern: /^participated\s+in\b/i, instead: '“Contributed to” or “Co-led”' },
  { phrase: 'Tasked with', pattern: /^(?:was\s+)?tasked\s+with\b/i, instead: '“Delivered” or “Executed”' },
  { phrase: 'Duties included', pattern: /^duties\s+include[ds]?\b/i, instead: 'the result itself, e.g. “Delivered” or “Achieved”' },
  { phrase: 'In charge of', pattern: /^in\s+charge\s+of\b/i, instead: '“Led”, “Directed” or “Oversaw”' },
  { phrase: 'Handled', pattern: /^handled\b/i, instead: '“Managed”, “Resolved” or “Processed”' },
  { phrase: 'I / We', pattern: /^(?:i|we|my)\b/i, instead: 'the verb itself (drop the pronoun)' },
];

const CLICHES = [
  'team player',
  'hard-working',
  'hardworking',
  'hard worker',
  'detail-oriented',
  'detail oriented',
  'results-driven',
  'results-oriented',
  'self-starter',
  'self-motivated',
  'go-getter',
  'think outside the box',
  'synergy',
  'proven track record',
  'excellent communication skills',
  'fast learner',
  'quick learner',
  'works well under pressure',
  'dynamic individual',
  'passionate about',
  'go-to person',
  'strategic thinker',
  'people person',
  'best of breed',
  'value-add',
];

const ALTERNATIVE_VERBS: Record<string, string> = {
  managed: 'Led, Directed, Oversaw, Coordinated',
  led: 'Directed, Headed, Spearheaded, Guided',
  developed: 'Built, Engineered, Created, Designed',
  created: 'Built, Designed, Launched, Produced',
  improved: 'Increased, Streamlined, Strengthened, Optimized',
  worked: 'Built, Delivered, Partnered, Contributed',
};

const STOPWORDS = new Set(
  (
    'the and for with that this from into over your their our have has had were was are will would could should about ' +
    'which while where when than then them they these those also such more most other using used each within across ' +
    'through under after before between during including years year month months present current'
  ).split(' '),
);

const BULLET = /^\s*(?:[•●▪■◦‣⁃–—\-*·►▸➢➤✓✔→]|o(?=\s))\s*/;
const MONTHS = 'jan|feb|mar|apr|may|jun|jul|aug|sep|sept|oct|nov|dec';
const DATE_RANGE = new RegExp(
  `(?:\\b(?:${MONTHS})[a-z]*\\.?\\s+)?\\b(?:19|20)\\d{2}\\s*(?:-|–|—|to)\\s*(?:(?:(?:${MONTHS})[a-z]*\\.?\\s+)?(?:19|20)\\d{2}|present|current|now|today)\\b`,
  'gi',
);

const WORDS_PER_PAGE = 450;
const MIN_WORDS = 30;
const SHORT_WORDS = 250;
const LONG_WORDS = 900;
const QUOTE_MAX = 140;

interface Line {
  text: string;
  bullet: boolean;
  section?: SectionId;
}

interface Statement {
  text: string;
  quantified: boolean;
  verb?: string;
  weak?: WeakOpener;
}

interface Findings {
  words: number;
  sections: Set<SectionId>;
  email: boolean;
  phone: boolean;
  links: string[];
  statements: Statement[];
  quantified: Statement[];
  strong: Statement[];
  weak: Map<WeakOpener, Statement[]>;
  cliches: Map<string, number>;
  repeatedOpeners: [string, number][];
  overused: [string, number][];
}

export const REVIEW_NOTICE = templateNotice(
  'Rule-based checks',
  'Atelier checked this resume with fixed rules (sections, contact details, numbers, wording)',
  'for a written review',
);

/** Reviews the plain text of a resume and returns the template notice and a markdown report with a score out of 100. */
export function reviewResume(text: string): string {
  const normalized = text.replace(/\r\n?/g, '\n').replace(/[\u0000-\u0008\u000b-\u001f\u007f]/g, ' ');
  const words = countWords(normalized.replace(/[#*_`[\]<>]/g, ' '));
  if (words < MIN_WORDS) return REVIEW_NOTICE + unreadable(words);

  const f = analyze(normalized, words);
  const score = scoreOf(f);
  const out = [`# Resume Review`, `**Score: ${score}/100** — ${verdict(score)}`];
  out.push(`## Strengths`, list(strengths(f)));
  out.push(
    `## Sections`,
    list(
      SECTIONS.map((s) => {
        if (f.sections.has(s.id)) return `✓ ${s.label}`;
        return `✗ ${s.label} — missing${CORE_SECTIONS.includes(s.id) ? '' : ' (optional, but useful for many roles)'}`;
      }),
    ),
  );
  out.push(
    `## Contact details`,
    list([
      f.email ? '✓ Email address' : '✗ No email address found',
      f.phone ? '✓ Phone number' : '✗ No phone number found',
      f.links.length > 0 ? `✓ Online profile: ${f.links.join(', ')}` : '✗ No LinkedIn, GitHub or portfolio link found',
    ]),
  );
  out.push(`## Impact and achievements`, impact(f));
  out.push(`## Language`, language(f));
  out.push(`## Length`, lengthReport(f.words));
  out.push(
    `## Suggestions`,
    suggestions(f)
      .map((s, i) => `${i + 1}. ${s}`)
      .join('\n'),
  );
  return `${REVIEW_NOTICE}${out.join('\n\n')}\n`;
}

/**
 * Why a PDF's text is not a resume (a specification, an article, an invoice…), or null. A
 * resume names some of its usual sections, or says how to reach its owner and dates their roles;
 * any PDF used to get a score (a MIME specification: 23/100 with "✓ Phone number").
 * Too little text to tell is left to the review, which says it could not be read.
 */
export function resumeProblem(text: string): string | null {
  const normalized = text.replace(/\r\n?/g, '\n').replace(/[\u0000-\u0008\u000b-\u001f\u007f]/g, ' ');
  if (countWords(normalized) < MIN_WORDS) return null;
  const sections = new Set(splitLines(normalized).flatMap((l) => (l.section && isHeadingLine(l.text) ? [l.section] : [])));
  const contact = /[\w.+-]+@[\w-]+(?:\.[\w-]+)+/.test(normalized) || hasPhone(normalized) || profileLinks(normalized).length > 0;
  const dated = (normalized.match(DATE_RANGE) ?? []).length >= 2;
  const looksLikeOne = sections.size >= 2 || (sections.size === 1 && (contact || dated)) || (contact && dated);
  if (looksLikeOne) return null;
  const missing = [
    sections.size === 0 ? "none of a resume's usual sections (experience, education, skills…)" : null,
    contact ? null : 'no contact details',
    dated ? null : 'no dated roles',
  ].filter(Boolean);
  return `This PDF does not look like a resume: it has ${missing.join(', ')}. Please upload your resume as a PDF.`;
}

function analyze(text: string, words: number): Findings {
  const lines = splitLines(text);
  const sections = new Set<SectionId>();
  for (const l of lines) if (l.section && isHeadingLine(l.text)) sections.add(l.section);

  // With bullet glyphs present, bullets are the achievements; without them (some PDF
  // exports drop the glyphs) sentence-like lines under Experience and Projects are.
  const bulleted = lines.filter((l) => l.bullet).length >= 3;
  const statements = lines
    .filter((l) => !isHeadingLine(l.text) && isStatement(l, bulleted))
    .map((l): Statement => {
      const body = l.text.replace(BULLET, '').trim();
      const first = (/^[A-Za-z][A-Za-z-]*/.exec(body)?.[0] ?? '').toLowerCase();
      return {
        text: body,
        quantified: isQuantified(body),
        verb: ACTION_VERBS.has(first) ? first : undefined,
        weak: WEAK_OPENERS.find((w) => w.pattern.test(body)),
      };
    });

  const weak = new Map<WeakOpener, Statement[]>();
  for (const s of statements) if (s.weak) weak.set(s.weak, [...(weak.get(s.weak) ?? []), s]);

  const lower = text.toLowerCase();
  const cliches = new Map<string, number>();
  for (const c of CLICHES) {
    const n = lower.split(c).length - 1;
    if (n > 0) cliches.set(c, n);
  }

  const openers = new Map<string, number>();
  for (const s of statements) if (s.verb) openers.set(s.verb, (openers.get(s.verb) ?? 0) + 1);

  return {
    words,
    sections,
    email: /[\w.+-]+@[\w-]+(?:\.[\w-]+)+/.test(text),
    phone: hasPhone(text),
    links: profileLinks(text),
    statements,
    quantified: statements.filter((s) => s.quantified),
    strong: statements.filter((s) => s.verb),
    weak,
    cliches,
    repeatedOpeners: [...openers].filter(([, n]) => n >= 3).sort((a, b) => b[1] - a[1]),
    overused: overusedWords(statements.map((s) => s.text.toLowerCase()).join('\n')),
  };
}

/** Splits into trimmed lines, tags each with its section, and re-joins bullets that the PDF wrapped. */
function splitLines(text: string): Line[] {
  const lines: Line[] = [];
  let section: SectionId | undefined;
  for (const raw of text.split('\n')) {
    const t = unspace(raw.trim()).replace(/\s+/g, ' ');
    if (!t) continue;
    const heading = headingOf(t);
    if (heading) section = heading;
    const bullet = BULLET.test(t);
    const prev = lines[lines.length - 1];
    if (!heading && !bullet && prev?.bullet && /^[a-z(&]/.test(t)) {
      prev.text += ` ${t}`;
      continue;
    }
    lines.push({ text: t, bullet, section });
  }
  return lines;
}

/** Undoes letter-spaced headings as PDFs extract them: "W O R K  E X P E R I E N C E" → "WORK EXPERIENCE". */
function unspace(line: string): string {
  const words = line.split(/\s{2,}/);
  if (!words.every((w) => /^(?:\S ){2,}\S$/.test(w))) return line;
  return words.map((w) => w.replace(/ /g, '')).join(' ');
}

/** The section a line opens, if it is a heading: "EXPERIENCE", "Work History:", "Skills: Go, SQL". */
function headingOf(line: string): SectionId | undefined {
  const [head = ''] = line.split(/\s*[:|]\s*/, 1);
  const key = head
    .toLowerCase()
    .replace(/[^a-z& -]/g, '')
    .replace(/\s+/g, ' ')
    .trim();
  if (!key || key.split(' ').length > 5) return undefined;
  return SECTIONS.find((s) => s.pattern.test(key))?.id;
}

function isHeadingLine(line: string): boolean {
  return headingOf(line) !== undefined && !BULLET.test(line);
}

/** Sections whose bullets list facts (tools, degrees) rather than achievements. */
const NON_ACHIEVEMENT: ReadonlySet<SectionId | undefined> = new Set<SectionId | undefined>(['skills', 'education', 'certifications']);

function isStatement(l: Line, bulleted: boolean): boolean {
  const n = l.text.split(' ').length;
  if (l.bullet) return n >= 4 && !NON_ACHIEVEMENT.has(l.section);
  if (bulleted || (l.section !== 'experience' && l.section !== 'projects')) return false;
  if (l.text.replace(DATE_RANGE, '') !== l.text) return false; // a "Title, Company, 2019 – 2022" line
  // "Senior Engineer, Acme — Austin, TX" is a role line, not an achievement.
  const first = (/^[A-Za-z]+/.exec(l.text)?.[0] ?? '').toLowerCase();
  const sentenceLike = /[.!]$/.test(l.text) || ACTION_VERBS.has(first) || WEAK_OPENERS.some((w) => w.pattern.test(l.text));
  return n >= 6 && sentenceLike;
}

function isQuantified(s: string): boolean {
  const t = s.replace(DATE_RANGE, ' ').replace(/\b(?:19|20)\d{2}\b/g, ' ');
  return /[%$€£¥]/.test(t) || /\b\d+(?:\.\d+)?\s*x\b/i.test(t) || /(?:^|[^\p{L}\p{N}])\d[\d,.]*/u.test(t);
}

function hasPhone(text: string): boolean {
  for (const m of text.matchAll(/\+?\(?\d[\d \t().-]{7,}\d/g)) {
    const digits = m[0].replace(/\D/g, '');
    const isDateRange = /^(?:19|20)\d{2}\D+(?:19|20)\d{2}$/.test(m[0].trim());
    if (digits.length >= 9 && digits.length <= 15 && !isDateRange) return true;
  }
  return false;
}

function profileLinks(text: string): string[] {
  const links: string[] = [];
  if (/linkedin\.com\/(?:in|pub)\//i.test(text)) links.push('LinkedIn');
  if (/github\.com\/[\w-]+/i.test(text)) links.push('GitHub');
  const header = text.split('\n').slice(0, 10).join('\n');
  const urls = [...text.matchAll(/(?:https?:\/\/|www\.)[^\s)]+/gi)].map((m) => m[0]);
  // Bare domains count only in the header: further down they are usually employers.
  const bare = [...header.matchAll(/(?<![@\w.])[a-z0-9-]+\.(?:dev|io|me|com|net|org|app|site|co|page|design)\b/gi)].map((m) => m[0]);
  if ([...urls, ...bare].some((u) => !/linkedin\.com|github\.com/i.test(u))) links.push('portfolio / website');
  return links;
}

/** Words the achievement lines lean on too often (job titles and headings elsewhere do not count). */
function overusedWords(lower: string): [string, number][] {
  const counts = new Map<string, number>();
  for (const w of lower.match(/\b[a-z]{5,}\b/g) ?? []) {
    if (STOPWORDS.has(w) || SECTIONS.some((s) => s.pattern.test(w))) continue;
    counts.set(w, (counts.get(w) ?? 0) + 1);
  }
  return [...counts]
    .filter(([, n]) => n >= 4)
    .sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0]))
    .slice(0, 3);
}

/** How many quantified statements a resume of this size should have. */
function quantifiedGoal(f: Findings): number {
  return Math.max(3, Math.ceil(f.statements.length * 0.5));
}

function scoreOf(f: Findings): number {
  let score = 0;
  for (const s of SECTIONS) if (f.sections.has(s.id)) score += s.points; // 25
  score += (f.email ? 6 : 0) + (f.phone ? 5 : 0) + (f.links.length > 0 ? 4 : 0); // 15
  score += 25 * Math.min(1, f.quantified.length / quantifiedGoal(f)); // 25
  const n = f.statements.length;
  if (n > 0) score += 14 * Math.min(1, f.strong.length / n / 0.7); // 14
  const weakCount = [...f.weak.values()].reduce((sum, s) => sum + s.length, 0);
  const clicheCount = [...f.cliches.values()].reduce((sum, c) => sum + c, 0);
  score += Math.max(0, 6 - 2 * weakCount - clicheCount); // 6
  score += lengthPoints(f.words); // 15
  return Math.max(0, Math.min(100, Math.round(score)));
}

function lengthPoints(words: number): number {
  if (words >= SHORT_WORDS && words <= LONG_WORDS) return 15;
  if (words >= 200 && words < SHORT_WORDS) return 10;
  if (words > LONG_WORDS && words <= 1100) return 10;
  if (words > 1100) return 5;
  return Math.round(((15 * words) / SHORT_WORDS) * 0.6);
}

function verdict(score: number): string {
  if (score >= 85) return 'Excellent: ready to send after a final proofread.';
  if (score >= 70) return 'Strong: a few targeted fixes will make it stand out.';
  if (score >= 50) return 'A solid base that needs work on the points below.';
  return 'Needs significant work before you send it out.';
}

function strengths(f: Findings): string[] {
  const out: string[] = [];
  const core = CORE_SECTIONS.filter((id) => f.sections.has(id));
  if (core.length === CORE_SECTIONS.length) out.push('Clear structure: every core section (summary, experience, education, skills) is present.');
  else if (f.sections.has('experience')) out.push('Has a dedicated experience section, the part recruiters read first.');
  if (f.email && f.phone && f.links.length > 0) out.push('Easy to reach: email, phone and an online profile are all listed.');
  if (f.quantified.length >= quantifiedGoal(f)) {
    out.push(`Results are backed by numbers: ${f.quantified.length} achievement lines are quantified.`);
  } else if (f.quantified.length > 0) {
    out.push(`Some achievements are already quantified (${f.quantified.length}).`);
  }
  if (f.statements.length > 0 && f.strong.length / f.statements.length >= 0.6) {
    out.push(`Strong, active language: ${f.strong.length} of ${f.statements.length} bullets open with an action verb.`);
  }
  if (f.words >= SHORT_WORDS && f.words <= LONG_WORDS) out.push(`A focused length (${f.words} words).`);
  if (f.cliches.size === 0 && f.weak.size === 0 && f.statements.length > 0) out.push('No clichés or weak openers such as “Responsible for”.');
  return out.length > 0 ? out : ['Not much yet: the suggestions below are the quickest way to improve this resume.'];
}

function impact(f: Findings): string {
  if (f.statements.length === 0) {
    return 'No achievement bullets were found. Under each role, list what you did and what changed as a result, one bullet per achievement.';
  }
  const lines = [`${f.quantified.length} of ${f.statements.length} achievement lines include a number, percentage or amount (aim for at least ${quantifiedGoal(f)}).`];
  if (f.quantified.length > 0) {
    lines.push('', 'Examples:', '', list(f.quantified.slice(0, 3).map((s) => quote(s.text))));
  }
  return lines.join('\n');
}

function language(f: Findings): string {
  const blocks: string[] = [];
  const n = f.statements.length;
  if (n > 0) {
    const verbs = [...new Set(f.strong.map((s) => capitalize(s.verb ?? '')))].slice(0, 10);
    blocks.push(`**Action verbs:** ${f.strong.length} of ${n} bullets start with a strong action verb` + (verbs.length > 0 ? ` (${verbs.join(', ')}).` : '.'));
  }
  if (f.weak.size > 0) {
    blocks.push('**Weak openers:**', list([...f.weak].map(([w, s]) => `${quote(w.phrase)} ×${s.length}: start with ${w.instead} instead`)));
  } else if (n > 0) {
    blocks.push('No weak openers such as “Responsible for” or “Worked on”.');
  }
  if (f.cliches.size > 0) {
    blocks.push(`**Clichés:** ${[...f.cliches.keys()].map((c) => `“${c}”`).join(', ')}. Show these qualities through results instead of naming them.`);
  }
  if (f.repeatedOpeners.length > 0) {
    blocks.push(`**Repeated openers:** ${f.repeatedOpeners.map(([v, c]) => `“${capitalize(v)}” starts ${c} bullets`).join('; ')}.`);
  }
  if (f.overused.length > 0) {
    blocks.push(`**Frequent words:** ${f.overused.map(([w, c]) => `“${w}” ×${c}`).join(', ')}. Vary them where they are not key terms for the role.`);
  }
  return blocks.length > 0 ? blocks.join('\n\n') : 'Not enough bullet text to assess the language.';
}

function lengthReport(words: number): string {
  const pages = Math.max(0.1, Math.round((words / WORDS_PER_PAGE) * 10) / 10);
  const size = `${words} words, about ${pages} page${pages === 1 ? '' : 's'} at ~${WORDS_PER_PAGE} words per page.`;
  if (words < SHORT_WORDS) return `${size} That is short: most resumes need ${SHORT_WORDS}–${LONG_WORDS} words to show enough evidence.`;
  if (words > LONG_WORDS) return `${size} That is long for most roles; recruiters skim, so aim for one to two pages unless the role asks for a full CV.`;
  return `${size} A good length for most roles.`;
}

function suggestions(f: Findings): string[] {
  const out: string[] = [];
  const missing = (id: SectionId) => !f.sections.has(id);
  if (missing('experience')) out.push('Add an **Experience** (or “Work History”) section listing roles in reverse-chronological order, with 3–5 achievement bullets each.');
  if (missing('education'))
    out.push('Add an **Education** section with your degree or training, the institution and the year; even one line satisfies recruiters and applicant-tracking systems.');
  if (missing('skills')) out.push('Add a **Skills** section that groups your tools and technologies, using the same wording as the job descriptions you target.');
  if (missing('summary')) out.push('Open with a 2–3 line **Summary**: your role, years of experience and the kind of impact you bring.');
  if (missing('projects') && (missing('experience') || f.statements.length < 4)) {
    out.push('Add a **Projects** section to show hands-on work, especially if your work history is short.');
  }

  const contact = [
    !f.email && 'a professional email address',
    !f.phone && 'a phone number',
    f.links.length === 0 && 'a LinkedIn profile URL (plus GitHub or a portfolio if relevant)',
  ].filter((x): x is string => typeof x === 'string');
  if (contact.length > 0) out.push(`Add ${joinList(contact)} to the header so recruiters can reach you.`);

  const goal = quantifiedGoal(f);
  if (f.statements.length > 0 && f.quantified.length < goal) {
    const example = f.statements.find((s) => !s.quantified);
    out.push(
      `Quantify more achievements: ${f.quantified.length} of ${f.statements.length} lines include a number. ` +
        (example ? `For example, ${quote(example.text)} could say how much, how many or how fast (e.g. “…by 30%”, “…for 12 clients”).` : 'State how much, how many or how fast.'),
    );
  }
  for (const [w, s] of [...f.weak].slice(0, 3)) {
    out.push(
      `Rewrite the ${s.length === 1 ? 'bullet' : `${s.length} bullets`} starting with ${quote(w.phrase)}, e.g. ${quote(s[0]?.text ?? '')}: start with ${w.instead} and end with the result.`,
    );
  }
  const n = f.statements.length;
  if (n >= 3 && f.strong.length / n < 0.6) {
    out.push(`Start more bullets with a strong past-tense verb such as Led, Built, Reduced or Launched: only ${f.strong.length} of ${n} do now.`);
  }
  if (f.cliches.size > 0) {
    out.push(`Replace ${joinList([...f.cliches.keys()].map((c) => `“${c}”`))} with a concrete example that shows the quality.`);
  }
  for (const [verb, count] of f.repeatedOpeners.slice(0, 2)) {
    const alternatives = ALTERNATIVE_VERBS[verb] ?? 'Led, Built, Delivered, Improved';
    out.push(`Vary your verbs: “${capitalize(verb)}” opens ${count} bullets; try ${alternatives}.`);
  }
  if (f.words < SHORT_WORDS) out.push(`Expand to at least ${SHORT_WORDS} words: describe the scope, actions and results of each recent role.`);
  if (f.words > LONG_WORDS) out.push(`Trim towards ${LONG_WORDS} words: cut bullets older than about ten years or that do not support the role you want.`);
  if (n === 0) out.push('Use bullet points under each role so that achievements are easy to scan.');
  if (out.length === 0) out.push('Tailor the summary and skills to each job posting, mirroring its key terms so applicant-tracking systems match your resume.');
  return out;
}

function unreadable(words: number): string {
  return (
    [
      '# Resume Review',
      '**Score: 0/100** — No readable text was found in this file.',
      `Only ${words} word${words === 1 ? '' : 's'} of text could be extracted. This usually means the PDF is a scanned image or a photo of a resume, or its text was converted to outlines, so it cannot be reviewed (and applicant-tracking systems cannot read it either).`,
      '## Suggestions',
      [
        '1. Export the resume as a text-based PDF from your word processor or design tool (File → Export / Save as PDF) instead of scanning or printing it to an image.',
        '2. Check the file by trying to select a sentence in a PDF viewer: if you cannot highlight the words, it is an image.',
        '3. Upload the new PDF to get a full review.',
      ].join('\n'),
    ].join('\n\n') + '\n'
  );
}

/** Quotes untrusted resume text inline: HTML and markdown syntax are neutralized, length is capped. */
function quote(text: string): string {
  let t = text.replace(/\s+/g, ' ').trim();
  if (t.length > QUOTE_MAX) t = `${t.slice(0, QUOTE_MAX).replace(/\s+\S*$/, '')}…`;
  return `“${escapeInline(t)}”`;
}

function escapeInline(text: string): string {
  return text
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/[\\`*_[\]|~#!]/g, '\\$&');
}

function list(items: readonly string[]): string {
  return items.map((i) => `- ${i}`).join('\n');
}

function joinList(items: readonly string[]): string {
  if (items.length <= 1) return items.join('');
  return `${items.slice(0, -1).join(', ')} and ${items[items.length - 1]}`;
}

function capitalize(word: string): string {
  return word.charAt(0).toUpperCase() + word.slice(1);
}
