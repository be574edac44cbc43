// @vitest-environment happy-dom
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { Testimonials } from './Testimonials';

type HappyWindow = Window & { happyDOM: { setViewport(v: { width: number; height?: number }): void } };
const setWidth = (width: number) => act(() => (window as unknown as HappyWindow).happyDOM.setViewport({ width, height: 800 }));

let clock = 0;
beforeEach(() => {
  clock = 0;
  vi.spyOn(performance, 'now').mockImplementation(() => clock);
  setWidth(1280);
});
afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

/** Names on the cards a sighted user sees (the others are aria-hidden and inert). */
function shownNames(): string[] {
  return [...document.querySelectorAll('li[aria-roledescription="slide"]')]
    .filter((li) => li.getAttribute('aria-hidden') !== 'true')
    .map((li) => li.querySelector('figcaption span span')!.textContent!);
}
const viewport = () => screen.getByTestId('carousel-viewport');

/** A pointer drag: down at x=400, moves by `dx` in `steps` steps `msPerStep` apart, then up. */
function drag(dx: number, { steps = 5, msPerStep = 40, pointerType = 'mouse' } = {}) {
  const el = viewport();
  fireEvent.pointerDown(el, { pointerId: 1, pointerType, button: 0, clientX: 400 });
  for (let s = 1; s <= steps; s++) {
    clock += msPerStep;
    fireEvent.pointerMove(el, { pointerId: 1, pointerType, clientX: 400 + (dx * s) / steps });
  }
  fireEvent.pointerUp(el, { pointerId: 1, pointerType, clientX: 400 + dx });
}

describe('Testimonials carousel (product §4)', () => {
  it('shows 3 cards at 1280 px, 2 at 800 px and 1 at 375 px, following resizes', () => {
    render(<Testimonials />);
    expect(shownNames()).toEqual(['Priya Raman', 'Marcus Chen', 'Sofia Álvarez']);
    setWidth(800);
    expect(shownNames()).toEqual(['Priya Raman', 'Marcus Chen']);
    setWidth(375);
    expect(shownNames()).toEqual(['Priya Raman']);
    setWidth(1024);
    expect(shownNames()).toHaveLength(3);
  });

  it('has six testimonials, each rated 5 with a drawn portrait', () => {
    render(<Testimonials />);
    expect(screen.getAllByRole('button', { name: /Go to testimonial/ })).toHaveLength(6);
    const originals = [...document.querySelectorAll('li[aria-roledescription="slide"]')].slice(0, 6);
    for (const li of originals) {
      expect(li.querySelector('[aria-label="Rated 5 out of 5"]')).not.toBeNull();
      expect(li.querySelector('img')?.getAttribute('src')).toMatch(/^\/media\/avatars\/[a-z-]+\.webp$/);
    }
  });

  it('a slow drag left past 50 px advances one; right goes back; wrapping both ways', () => {
    setWidth(375);
    render(<Testimonials />);
    drag(-120, { steps: 6, msPerStep: 100 }); // 200 px/s: distance alone decides
    expect(shownNames()).toEqual(['Marcus Chen']);
    drag(120, { steps: 6, msPerStep: 100 });
    expect(shownNames()).toEqual(['Priya Raman']);
    drag(120, { steps: 6, msPerStep: 100, pointerType: 'touch' });
    expect(shownNames()).toEqual(['Yuki Tanaka']);
    drag(-120, { steps: 6, msPerStep: 100, pointerType: 'touch' });
    expect(shownNames()).toEqual(['Priya Raman']);
  });

  it('a slow drag of 50 px or less snaps back, a fast short flick moves', () => {
    render(<Testimonials />);
    drag(-50, { steps: 5, msPerStep: 100 }); // 50 px at 100 px/s
    expect(shownNames()[0]).toBe('Priya Raman');
    drag(-40, { steps: 2, msPerStep: 20 }); // 40 px in 40 ms = 1000 px/s
    expect(shownNames()[0]).toBe('Marcus Chen');
  });

  it('at the last card, three visible wrap around to the first ones', () => {
    render(<Testimonials />);
    fireEvent.click(screen.getByRole('button', { name: 'Go to testimonial 6' }));
    expect(shownNames()).toEqual(['Yuki Tanaka', 'Priya Raman', 'Marcus Chen']);
    drag(-100, { steps: 5, msPerStep: 100 });
    expect(shownNames()).toEqual(['Priya Raman', 'Marcus Chen', 'Sofia Álvarez']);
  });

  it('follows the pointer while dragging and a cancelled drag does not move', () => {
    render(<Testimonials />);
    const track = viewport().querySelector('ul')!;
    fireEvent.pointerDown(viewport(), { pointerId: 7, pointerType: 'touch', clientX: 300 });
    clock += 50;
    fireEvent.pointerMove(viewport(), { pointerId: 7, pointerType: 'touch', clientX: 200 });
    expect(track.style.transform).toContain('-100px');
    fireEvent.pointerCancel(viewport(), { pointerId: 7, pointerType: 'touch', clientX: 200 });
    expect(track.style.transform).toContain('+ 0px');
    expect(shownNames()[0]).toBe('Priya Raman');
  });

  it('dots jump and mark the current one; arrows and arrow keys step with wrap; the change is announced', () => {
    render(<Testimonials />);
    const dot = (n: number) => screen.getByRole('button', { name: `Go to testimonial ${n}` });
    expect(dot(1).getAttribute('aria-current')).toBe('true');
    fireEvent.click(dot(4));
    expect(shownNames()[0]).toBe('Daniel Okafor');
    expect(dot(4).getAttribute('aria-current')).toBe('true');
    expect(dot(1).getAttribute('aria-current')).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Next testimonial' }));
    expect(shownNames()[0]).toBe('Emma Lindqvist');
    fireEvent.click(dot(1));
    fireEvent.click(screen.getByRole('button', { name: 'Previous testimonial' }));
    expect(shownNames()[0]).toBe('Yuki Tanaka');
    fireEvent.keyDown(dot(1), { key: 'ArrowRight' });
    expect(shownNames()[0]).toBe('Priya Raman');
    fireEvent.keyDown(dot(1), { key: 'ArrowLeft' });
    expect(shownNames()[0]).toBe('Yuki Tanaka');
    expect(screen.getByText(/^Showing /).textContent).toBe('Showing Yuki Tanaka, Priya Raman, Marcus Chen');
  });
});
