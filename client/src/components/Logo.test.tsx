// @vitest-environment happy-dom
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { afterEach, expect, it } from 'vitest';
import { Logo } from './Logo';

afterEach(cleanup);

it("links home with the drawn mark, and shows 'AI' in its place if the mark fails to load (product §8)", () => {
  render(
    <MemoryRouter>
      <Logo />
    </MemoryRouter>,
  );
  const link = screen.getByRole('link', { name: 'Atelier' });
  expect(link.getAttribute('href')).toBe('/');
  const mark = link.querySelector('img')!;
  expect(mark.getAttribute('src')).toBe('/logo.webp');
  expect(link.textContent).toBe('Atelier');
  fireEvent.error(mark);
  expect(link.querySelector('img')).toBeNull();
  expect(link.textContent).toBe('AIAtelier');
});
