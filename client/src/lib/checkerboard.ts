import type { CSSProperties } from 'react';

/** The usual grey-and-white squares behind a transparent image, so cut-out areas are visible. */
export const CHECKERBOARD: CSSProperties = {
  backgroundColor: '#ffffff',
  backgroundImage: 'conic-gradient(#e2e8f0 25%, #ffffff 0 50%, #e2e8f0 0 75%, #ffffff 0)',
  backgroundSize: '16px 16px',
};
