// Fills of holes cut in real scenes (docs/benchmarks.md, "Current results", hole fills): the
// photo's own pixels under each hole are the truth (tests/fixtures/scene-holes.ts). The embedded
// inpainter must come closer to them than a flat ring-mean fill and a smooth diffusion fill on
// every hole, half the flat fill's distance on average, and carry texture (gradient energy) rather
// than a flat or blurred patch. Over lines that cross the hole (a ridge, a horizon, siding, a
// rail: docs/architecture.md, "Object removal", structure first) it must also keep the layout:
// the hole's blurred luminance no further from the truth than a diffusion fill's.
import { describe, expect, it } from 'vitest';
import { SCENE_HOLES, STRUCTURE_HOLES, scoreSceneFill, type SceneFillScore } from '../fixtures/scene-holes.js';

const mean = (scores: SceneFillScore[], f: (s: SceneFillScore) => number) => scores.reduce((a, s) => a + f(s), 0) / scores.length;

describe('hole fills on real scenes', () => {
  it('beats a flat and a diffusion fill on each of 9 real-scene holes, and is not flat', async () => {
    const scores: SceneFillScore[] = [];
    for (const hole of SCENE_HOLES) scores.push(await scoreSceneFill(hole));
    for (const s of scores) {
      console.log(
        `${s.hole.photo} over ${s.hole.over} (hole ${(100 * s.holeShare).toFixed(1)} % of ${s.width}×${s.height}): texture distance ${s.ours.toFixed(2)} (flat ${s.naive.toFixed(2)}, diffusion ${s.diffusion.toFixed(2)}), gradient energy ×${s.gradientRatio.toFixed(2)} of the truth's, ${s.ms} ms`,
      );
      expect(s.holeShare, s.hole.over).toBeGreaterThanOrEqual(0.03);
      expect(s.ours, s.hole.over).toBeLessThan(s.naive);
      expect(s.ours, s.hole.over).toBeLessThan(s.diffusion);
      expect(s.gradientRatio, s.hole.over).toBeGreaterThan(0.2);
    }
    expect(mean(scores, (s) => s.ours / s.naive)).toBeLessThanOrEqual(0.5);
    expect(mean(scores, (s) => s.gradientRatio)).toBeGreaterThanOrEqual(0.5);
  }, 120_000);

  it('carries the lines that cross 10 holes: layout no worse than a diffusion fill on at least 9, texture half a flat fill’s', async () => {
    const scores: SceneFillScore[] = [];
    for (const hole of STRUCTURE_HOLES) scores.push(await scoreSceneFill(hole));
    let kept = 0;
    for (const s of scores) {
      console.log(
        `${s.hole.photo} over ${s.hole.over}: layout error ${s.layout.ours.toFixed(1)} (diffusion ${s.layout.diffusion.toFixed(1)}), texture distance ${s.ours.toFixed(2)} (flat ${s.naive.toFixed(2)}), ${s.ms} ms`,
      );
      if (s.layout.ours <= s.layout.diffusion) kept++;
      expect(s.ours, s.hole.over).toBeLessThan(s.naive);
    }
    expect(kept).toBeGreaterThanOrEqual(STRUCTURE_HOLES.length - 1);
    expect(mean(scores, (s) => s.ours / s.naive)).toBeLessThanOrEqual(0.5);
  }, 120_000);
});
