// Building blocks of the tools' demo scenes (each tool's components/DemoScene.tsx, drawn in
// features/site's DemoStage frame, whose demo.css animates the `demo-*` classes).
import type { CSSProperties } from 'react';

/** Starts an element's animation `s` seconds late. */
export const delay = (s: number): CSSProperties => ({ animationDelay: `${s}s` });

/** The squares behind a cut-out (the background-removal scene). */
export const DEMO_CHECKER: CSSProperties = {
  backgroundImage:
    'linear-gradient(45deg,#e2e8f0 25%,transparent 25%),linear-gradient(-45deg,#e2e8f0 25%,transparent 25%),linear-gradient(45deg,transparent 75%,#e2e8f0 75%),linear-gradient(-45deg,transparent 75%,#e2e8f0 75%)',
  backgroundSize: '20px 20px',
  backgroundPosition: '0 0,0 10px,10px -10px,-10px 0',
};

/** Lines of text being written, one after the other. */
export function Lines({ count, start = 0, className = 'bg-slate-300' }: { count: number; start?: number; className?: string }) {
  return (
    <>
      {Array.from({ length: count }, (_, i) => (
        <div key={i} className={`demo-grow h-2.5 origin-left rounded-full ${className}`} style={{ ...delay(start + i * 0.25), width: `${92 - ((i * 17) % 35)}%` }} />
      ))}
    </>
  );
}
