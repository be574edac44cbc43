// streamOwnText: a text a tool makes without a model streams as the embedded writer's drafts do.
import { describe, expect, it } from 'vitest';
import { chunkText, textPieces } from '../../worker/providers/text/local.js';
import { streamOwnText } from '../../worker/stream-text.js';
import type { ToolRun } from '../../worker/tools/processor.js';

const TEXT = '#ai #design #productivity #writing #marketing #startups #growth #remote #python #seo';

function fakeRun(delayMs = 0) {
  const calls: { streamed?: string; percent?: number; settled?: string }[] = [];
  const run = {
    signal: new AbortController().signal,
    services: { config: { LOCAL_STREAM_DELAY_MS: delayMs } },
    percentAt: (fraction: number) => 20 + 60 * Math.min(1, fraction),
    report: {
      streamed: async (full: string, percent: number) => void calls.push({ streamed: full, percent }),
      settle: async (full: string) => void calls.push({ settled: full }),
    },
  } as unknown as ToolRun<unknown, unknown>;
  return { run, calls };
}

describe('streamOwnText', () => {
  it('reports the text in growing pieces with rising progress, then settles it', async () => {
    const { run, calls } = fakeRun();
    expect(await streamOwnText(run, TEXT)).toBe(TEXT);
    const streamed = calls.filter((c) => c.streamed !== undefined);
    expect(streamed.length).toBe(chunkText(TEXT).length);
    expect(streamed.length).toBeGreaterThan(1);
    for (let i = 1; i < streamed.length; i++) {
      expect(streamed[i]!.streamed!.startsWith(streamed[i - 1]!.streamed!)).toBe(true);
      expect(streamed[i]!.percent!).toBeGreaterThan(streamed[i - 1]!.percent!);
    }
    expect(streamed.at(-1)).toEqual({ streamed: TEXT, percent: 80 });
    expect(calls.at(-1)).toEqual({ settled: TEXT });
  });

  it('shares the embedded writer pieces: every character kept, stopped by the signal', async () => {
    const pieces: string[] = [];
    for await (const p of textPieces(TEXT, 0, new AbortController().signal)) pieces.push(p);
    expect(pieces).toEqual(chunkText(TEXT));
    expect(pieces.join('')).toBe(TEXT);
    const stop = new AbortController();
    stop.abort();
    await expect(textPieces(TEXT, 5, stop.signal)[Symbol.asyncIterator]().next()).rejects.toThrow();
  });
});
