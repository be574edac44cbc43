import { createContext, useContext } from 'react';

/**
 * The catalogue entry of the tool page being shown (the router provides it), for its header's
 * badge; `locked` when the signed-in user's plan does not include it (billing's ToolGate).
 */
export const CurrentTool = createContext<{ slot: string; plan: 'FREE' | 'PREMIUM'; locked?: boolean } | null>(null);

export const useCurrentTool = () => useContext(CurrentTool);
