// @vitest-environment happy-dom
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { useInView, type InViewOptions } from './useInView';
import { installFakeIntersectionObserver } from './useInView.testing';

function Probe(props: InViewOptions) {
  const [ref, inView] = useInView<HTMLDivElement>(props);
  return <div ref={ref} data-testid="probe" data-in-view={inView} />;
}
const probe = () => screen.getByTestId('probe');

let io: ReturnType<typeof installFakeIntersectionObserver>;
beforeEach(() => {
  io = installFakeIntersectionObserver();
});
afterEach(() => {
  cleanup();
  io.restore();
});

describe('useInView', () => {
  it('passes threshold and rootMargin to the observer and follows the visible share', () => {
    render(<Probe threshold={0.15} rootMargin="0px 0px 100px 0px" />);
    const [observer] = io.watching(probe());
    expect(observer?.options).toEqual({ threshold: 0.15, rootMargin: '0px 0px 100px 0px' });
    expect(probe().dataset.inView).toBe('false');
    io.show(probe(), 0.1); // intersecting, but under the threshold
    expect(probe().dataset.inView).toBe('false');
    io.show(probe(), 0.15);
    expect(probe().dataset.inView).toBe('true');
    io.show(probe(), 0);
    expect(probe().dataset.inView).toBe('false');
  });

  it('with once, stays true and stops watching after the first sighting', () => {
    render(<Probe threshold={0.2} once />);
    const el = probe();
    io.show(el, 0.5);
    expect(el.dataset.inView).toBe('true');
    expect(io.watching(el)).toHaveLength(0);
    io.show(el, 0);
    expect(el.dataset.inView).toBe('true');
  });

  it('disconnects on unmount', () => {
    const { unmount } = render(<Probe />);
    const [observer] = io.watching(probe());
    unmount();
    expect(observer?.disconnected).toBe(true);
  });

  it('counts everything as visible where IntersectionObserver does not exist', () => {
    io.restore();
    const saved = globalThis.IntersectionObserver;
    // @ts-expect-error simulating an old browser
    delete globalThis.IntersectionObserver;
    try {
      render(<Probe threshold={0.5} />);
      expect(probe().dataset.inView).toBe('true');
    } finally {
      globalThis.IntersectionObserver = saved;
    }
  });
});
