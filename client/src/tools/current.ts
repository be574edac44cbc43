import { createContext, useContext } from 'react';

/** The catalogue entry of the tool page being shown (the router provides it), for its header's badge. */
export const CurrentTool = createContext<{ slot: string; plan: 'FREE' | 'PREMIUM' } | null>(null);

export const useCurrentTool = () => useContext(CurrentTool);
