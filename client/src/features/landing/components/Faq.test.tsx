// @vitest-environment happy-dom
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { Faq } from './Faq';

afterEach(cleanup);

const questions = () => document.querySelectorAll('button[id^="faq-q-"]');
const question = (i: number) => document.getElementById(`faq-q-${i}`)!;
const answer = (i: number) => document.getElementById(`faq-a-${i}`)!;

describe('FAQ (product §4: one open at a time, 4 then View All → 6)', () => {
  it('shows 4 questions, all closed; View All FAQs shows 6 and disappears', () => {
    render(<Faq />);
    expect(questions()).toHaveLength(4);
    expect([0, 1, 2, 3].every((i) => answer(i).hidden)).toBe(true);
    fireEvent.click(screen.getByRole('button', { name: 'View All FAQs' }));
    expect(questions()).toHaveLength(6);
    expect(screen.queryByRole('button', { name: 'View All FAQs' })).toBeNull();
  });

  it('opens one answer at a time; clicking the open one closes it', () => {
    render(<Faq />);
    fireEvent.click(question(0));
    expect(question(0).getAttribute('aria-expanded')).toBe('true');
    expect(answer(0).hidden).toBe(false);
    expect(answer(0).getAttribute('aria-labelledby')).toBe('faq-q-0');

    fireEvent.click(question(2));
    expect(question(2).getAttribute('aria-expanded')).toBe('true');
    expect(question(0).getAttribute('aria-expanded')).toBe('false');
    expect(answer(0).hidden).toBe(true);

    fireEvent.click(question(2));
    expect(question(2).getAttribute('aria-expanded')).toBe('false');
    expect(answer(2).hidden).toBe(true);
  });

  it('keeps the open answer open when showing all, and the extra two open too', () => {
    render(<Faq />);
    fireEvent.click(question(1));
    fireEvent.click(screen.getByRole('button', { name: 'View All FAQs' }));
    expect(answer(1).hidden).toBe(false);
    fireEvent.click(question(5));
    expect(answer(5).hidden).toBe(false);
    expect(answer(1).hidden).toBe(true);
  });

  it('falls back to a second illustration when the first cannot load (product §8)', () => {
    render(<Faq />);
    const img = () => document.querySelector('img')!;
    expect(img().getAttribute('src')).toBe('/media/faq/faq.webp');
    fireEvent.error(img());
    expect(img().getAttribute('src')).toBe('/media/faq/faq-alt.webp');
    fireEvent.error(img());
    expect(document.querySelector('img')).toBeNull();
    expect(screen.getByRole('heading', { name: 'FAQ' })).toBeTruthy();
  });
});
