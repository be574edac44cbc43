/** Dispatched on window once React has hydrated a prerendered page (main.tsx; boot.ts listens). */
export const HYDRATED_EVENT = 'atelier:hydrated';
