import { describe, expect, it } from 'vitest';
import { nextIndex, releaseVelocity, visibleCount, wrapIndex } from './carousel';

describe('visibleCount (product §4: 1 below 640 px, 2 below 1024 px, else 3)', () => {
  it.each([
    [320, 1],
    [639, 1],
    [640, 2],
    [1023, 2],
    [1024, 3],
    [1920, 3],
  ])('%i px → %i', (width, count) => expect(visibleCount(width)).toBe(count));
});

describe('nextIndex (50 px / 500 px/s, wrapping)', () => {
  it('advances on a drag left past 50 px, wrapping from the last to the first', () => {
    expect(nextIndex(-51, 0, 2, 6)).toBe(3);
    expect(nextIndex(-200, 0, 5, 6)).toBe(0);
  });
  it('goes back on a drag right past 50 px, wrapping from the first to the last', () => {
    expect(nextIndex(51, 0, 2, 6)).toBe(1);
    expect(nextIndex(80, 0, 0, 6)).toBe(5);
  });
  it('stays for drags of 50 px or less that are not fast', () => {
    expect(nextIndex(-50, 0, 2, 6)).toBe(2);
    expect(nextIndex(50, -500, 2, 6)).toBe(2);
    expect(nextIndex(0, 500, 2, 6)).toBe(2);
  });
  it('moves on a short flick faster than 500 px/s', () => {
    expect(nextIndex(-20, -501, 2, 6)).toBe(3);
    expect(nextIndex(20, 501, 0, 6)).toBe(5);
  });
});

describe('wrapIndex', () => {
  it('wraps both ways and survives an empty list', () => {
    expect(wrapIndex(5, 1, 6)).toBe(0);
    expect(wrapIndex(0, -1, 6)).toBe(5);
    expect(wrapIndex(3, -7, 6)).toBe(2);
    expect(wrapIndex(0, 1, 0)).toBe(0);
  });
});

describe('releaseVelocity', () => {
  it('measures px/s over the last 100 ms only', () => {
    const samples = [
      { x: 0, t: 0 },
      { x: -10, t: 500 }, // slow start…
      { x: -40, t: 560 },
      { x: -70, t: 600 }, // …fast finish: 60 px in 100 ms
    ];
    expect(releaseVelocity(samples)).toBeCloseTo(-600);
  });
  it('is 0 with fewer than two samples in the window', () => {
    expect(releaseVelocity([])).toBe(0);
    expect(releaseVelocity([{ x: 5, t: 10 }])).toBe(0);
    expect(
      releaseVelocity([
        { x: 0, t: 0 },
        { x: -100, t: 1000 },
      ]),
    ).toBe(0);
  });
});
