// @vitest-environment happy-dom
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { ResultScroller } from './ResultScroller';

afterEach(cleanup);

/** happy-dom has no layout: give the region a 500px window onto `height` px of content. */
function sized(el: HTMLElement, height: number) {
  Object.defineProperty(el, 'scrollHeight', { configurable: true, value: height });
  Object.defineProperty(el, 'clientHeight', { configurable: true, value: 500 });
}

function scroller(follow: boolean, text: string) {
  return (
    <ResultScroller follow={follow} contentKey={text.length} label="Result">
      <p>{text}</p>
    </ResultScroller>
  );
}

describe('ResultScroller', () => {
  it('follows streamed text, then goes back to the top once it is finished', () => {
    const { rerender } = render(scroller(true, 'a'));
    const region = screen.getByRole('region', { name: 'Result' });
    sized(region, 2000);
    rerender(scroller(true, 'ab'));
    expect(region.scrollTop).toBe(2000);
    sized(region, 2400);
    rerender(scroller(true, 'abc'));
    expect(region.scrollTop).toBe(2400);

    rerender(scroller(false, 'abc'));
    expect(region.scrollTop).toBe(0);
    // Later renders of the finished text leave it there.
    rerender(scroller(false, 'abcd'));
    expect(region.scrollTop).toBe(0);
  });

  it('leaves a reader who scrolled up where they are, while streaming and when it finishes', () => {
    const { rerender } = render(scroller(true, 'a'));
    const region = screen.getByRole('region', { name: 'Result' });
    sized(region, 2000);
    region.scrollTop = 300;
    fireEvent.scroll(region);
    sized(region, 2400);
    rerender(scroller(true, 'ab'));
    expect(region.scrollTop).toBe(300);
    rerender(scroller(false, 'ab'));
    expect(region.scrollTop).toBe(300);
  });

  it('shows a finished result from its top', () => {
    render(scroller(false, 'done'));
    expect(screen.getByRole('region', { name: 'Result' }).scrollTop).toBe(0);
  });

  it('is capped and scrolls only from md: below it the result flows with the page', () => {
    render(scroller(false, 'done'));
    const classes = screen.getByRole('region', { name: 'Result' }).className.split(' ');
    expect(classes).toEqual(expect.arrayContaining(['md:max-h-[500px]', 'md:overflow-y-auto']));
    expect(classes.filter((c) => /^(max-h-|overflow-)/.test(c))).toEqual([]);
  });
});
