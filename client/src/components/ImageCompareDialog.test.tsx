// @vitest-environment happy-dom
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ImageCompareDialog } from './ImageCompareDialog';

afterEach(cleanup);

const resultLayer = () => screen.getByAltText('The processed photo').parentElement!.parentElement!;

describe('ImageCompareDialog', () => {
  it('shows the result over the original with a divider the slider moves, zooms 1× to 8×, and closes', () => {
    const onClose = vi.fn();
    render(<ImageCompareDialog originalUrl="blob:original" resultUrl="/files/result.png" resultAlt="The processed photo" onClose={onClose} />);
    expect(screen.getByRole('heading', { name: 'Compare before and after' })).toBeTruthy();
    expect(resultLayer().style.clipPath).toBe('inset(0 0 0 50%)');
    fireEvent.change(screen.getByRole('slider', { name: 'Divider between the original and the processed image' }), { target: { value: '30' } });
    expect(resultLayer().style.clipPath).toBe('inset(0 0 0 30%)');

    const zoomOut = screen.getByRole('button', { name: 'Zoom out' }) as HTMLButtonElement;
    const zoomIn = screen.getByRole('button', { name: 'Zoom in' }) as HTMLButtonElement;
    expect(zoomOut.disabled).toBe(true);
    for (const shown of ['200 %', '400 %', '800 %']) {
      fireEvent.click(zoomIn);
      expect(screen.getByRole('status').textContent).toBe(shown);
    }
    expect(zoomIn.disabled).toBe(true);
    expect((screen.getByAltText('The original image').parentElement as HTMLElement).style.transform).toContain('scale(8)');
    fireEvent.click(screen.getByRole('button', { name: 'Fit to the window' }));
    expect(screen.getByRole('status').textContent).toBe('100 %');
    fireEvent.click(screen.getByRole('button', { name: 'Close' }));
    expect(onClose).toHaveBeenCalledOnce();
  });

  it('without the original at hand, zooms the result alone: no divider', () => {
    render(<ImageCompareDialog originalUrl={null} resultUrl="/files/result.png" resultAlt="The processed photo" onClose={() => {}} />);
    expect(screen.getByRole('heading', { name: 'Look closer' })).toBeTruthy();
    expect(screen.queryByRole('slider')).toBeNull();
    expect(screen.queryByAltText('The original image')).toBeNull();
    expect(resultLayer().style.clipPath).toBe('');
  });
});
