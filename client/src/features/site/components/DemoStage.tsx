import { Suspense, type ComponentType } from 'react';
import './demo.css';

/**
 * The frame of a tool's animated illustration: `Scene` is the tool's own (its tool.ts
 * `demo.Scene`, docs/adding-a-tool.md), drawn with demo.css's `demo-*` classes, which run
 * only while `playing`.
 */
export function DemoStage({ Scene, playing, label }: { Scene: ComponentType; playing: boolean; label: string }) {
  return (
    <div
      role="img"
      aria-label={label}
      data-playing={playing}
      className="demo-stage relative flex aspect-video w-full items-center justify-center overflow-hidden rounded-xl bg-gradient-to-br from-slate-900 via-indigo-950 to-slate-900 p-4 sm:p-8"
    >
      <div className="relative h-full w-full max-w-md overflow-hidden rounded-lg bg-white shadow-2xl">
        <Suspense fallback={null}>
          <Scene />
        </Suspense>
      </div>
    </div>
  );
}
