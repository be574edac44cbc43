// Shared fast-check arbitraries for the fuzz tests: odd values a client could send.
import fc from 'fast-check';

/** Characters that break naive code: NUL, lone surrogates, RTL override, quotes, markup, newlines. */
const nasty = fc.constantFrom('\u0000', '\uD800', '\uDFFF', '\u202E', '\uFEFF', '<', '>', '"', "'", '\\', '`', '$', '{', '}', '\n', '\r', '\t', ' ', '%', '../', '😀', 'ı', 'ß');

/** Strings: unicode of every kind, nasty characters, markup, and the occasional huge one. */
export const weirdString = fc.oneof(
  { weight: 4, arbitrary: fc.string({ unit: 'binary', maxLength: 120 }) },
  { weight: 3, arbitrary: fc.string({ unit: nasty, maxLength: 40 }) },
  { weight: 2, arbitrary: fc.string({ unit: 'grapheme', maxLength: 60 }) },
  {
    weight: 1,
    arbitrary: fc.constantFrom(
      '<script>alert(1)</script>',
      '<img src=x onerror=alert(1)>',
      'javascript:alert(1)',
      '\'; DROP TABLE "User"; --',
      '{{7*7}}',
      '${7*7}',
      '__proto__',
      'constructor',
      'null',
      'NaN',
    ),
  },
  { weight: 1, arbitrary: fc.integer({ min: 150, max: 40_000 }).map((n) => 'word '.repeat(Math.ceil(n / 5)).slice(0, n)) },
);

/** Any JSON value: strings, numbers, booleans, null, arrays and objects, nested a little. */
export const weirdValue: fc.Arbitrary<unknown> = fc.oneof(
  { weight: 5, arbitrary: weirdString },
  { weight: 1, arbitrary: fc.integer() },
  { weight: 1, arbitrary: fc.double() },
  { weight: 1, arbitrary: fc.boolean() },
  { weight: 1, arbitrary: fc.constant(null) },
  { weight: 1, arbitrary: fc.jsonValue({ maxDepth: 2 }) },
);

/** An object with the given keys, each missing, plausible or weird, plus maybe an unknown key. */
export function objectOf(fields: Record<string, fc.Arbitrary<unknown>>): fc.Arbitrary<Record<string, unknown>> {
  // Mostly plausible values, so refusals come from deep inside as well as from the GraphQL layer.
  const value = (plausible: fc.Arbitrary<unknown>) =>
    fc.oneof({ weight: 4, arbitrary: plausible }, { weight: 1, arbitrary: weirdValue }, { weight: 1, arbitrary: fc.constant(undefined) });
  const record = fc.record(Object.fromEntries(Object.entries(fields).map(([k, plausible]) => [k, value(plausible)])));
  const extra = fc.option(fc.tuple(weirdString, weirdValue), { nil: undefined, freq: 6 });
  return fc.tuple(record, extra).map(([r, x]) => {
    const clean = Object.fromEntries(Object.entries(r).filter(([, v]) => v !== undefined));
    return x ? { ...clean, [x[0]]: x[1] } : clean;
  });
}

/** Either a plausible input object or any value at all. */
export const inputOf = (fields: Record<string, fc.Arbitrary<unknown>>) => fc.oneof({ weight: 4, arbitrary: objectOf(fields) }, { weight: 1, arbitrary: weirdValue });

const word = fc.constantFrom('cats', 'sustainable farming', 'AI', 'Zoë', '東京');
/** Mostly valid text, often with one nasty character inside (NUL, a lone surrogate, markup…). */
export const plausibleText = fc.oneof(
  word,
  fc.string({ minLength: 1, maxLength: 30 }),
  fc.tuple(word, fc.string({ unit: nasty, minLength: 1, maxLength: 3 }), word).map((parts) => parts.join('')),
);
export const anyUuid = fc.oneof(fc.uuid(), weirdString);
