import type { CSSProperties } from 'react';
import './demo.css';

export type DemoKind = 'image-gen' | 'blog-gen' | 'resume-rv' | 'bg-removal' | 'object-removal' | 'ai-article';

const delay = (s: number): CSSProperties => ({ animationDelay: `${s}s` });
const checker: CSSProperties = {
  backgroundImage:
    'linear-gradient(45deg,#e2e8f0 25%,transparent 25%),linear-gradient(-45deg,#e2e8f0 25%,transparent 25%),linear-gradient(45deg,transparent 75%,#e2e8f0 75%),linear-gradient(-45deg,transparent 75%,#e2e8f0 75%)',
  backgroundSize: '20px 20px',
  backgroundPosition: '0 0,0 10px,10px -10px,-10px 0',
};

function Lines({ count, start = 0, className = 'bg-slate-300' }: { count: number; start?: number; className?: string }) {
  return (
    <>
      {Array.from({ length: count }, (_, i) => (
        <div key={i} className={`demo-grow h-2.5 origin-left rounded-full ${className}`} style={{ ...delay(start + i * 0.25), width: `${92 - ((i * 17) % 35)}%` }} />
      ))}
    </>
  );
}

/** An animated illustration of one tool; animations run only while `playing`. */
export function DemoStage({ kind, playing, label }: { kind: DemoKind; playing: boolean; label: string }) {
  return (
    <div
      role="img"
      aria-label={label}
      data-playing={playing}
      className="demo-stage relative flex aspect-video w-full items-center justify-center overflow-hidden rounded-xl bg-gradient-to-br from-slate-900 via-indigo-950 to-slate-900 p-4 sm:p-8"
    >
      <div className="relative h-full w-full max-w-md overflow-hidden rounded-lg bg-white shadow-2xl">{scene(kind)}</div>
    </div>
  );
}

function scene(kind: DemoKind) {
  switch (kind) {
    case 'image-gen':
      return (
        <div className="flex h-full flex-col gap-2 p-3">
          <div className="flex items-center gap-2 rounded-md border border-slate-200 px-2 py-1.5">
            <div className="demo-grow h-2 w-3/4 origin-left rounded-full bg-indigo-300" />
          </div>
          <div className="demo-reveal relative flex-1 overflow-hidden rounded-md bg-gradient-to-br from-amber-300 via-rose-400 to-indigo-500" style={delay(0.6)}>
            <div className="absolute bottom-0 left-0 h-2/5 w-full rounded-t-[50%] bg-emerald-700/70" />
            <div className="demo-float absolute top-[18%] right-[20%] size-8 rounded-full bg-yellow-100 shadow-[0_0_24px_#fef9c3]" />
          </div>
        </div>
      );
    case 'blog-gen':
      return (
        <div className="flex h-full flex-col gap-2.5 p-3">
          <div className="rounded-md border border-slate-200 px-2 py-1.5 text-[10px] font-semibold text-slate-500">#productivity</div>
          {[0, 1, 2, 3].map((i) => (
            <div key={i} className="demo-pop flex items-center gap-2 rounded-md bg-indigo-50 px-2 py-2" style={delay(i * 0.35)}>
              <span className="size-2 shrink-0 rounded-full bg-indigo-500" />
              <div className="h-2 rounded-full bg-indigo-300" style={{ width: `${85 - i * 12}%` }} />
            </div>
          ))}
        </div>
      );
    case 'resume-rv':
      return (
        <div className="relative flex h-full gap-3 p-3">
          <div className="relative flex flex-1 flex-col gap-2 rounded-md border border-slate-200 p-2">
            <div className="h-3 w-1/2 rounded bg-slate-700" />
            <Lines count={5} />
            <div className="demo-scan absolute inset-x-0 h-1 bg-emerald-400/80 shadow-[0_0_12px_#34d399]" />
          </div>
          <div className="flex w-1/3 flex-col gap-2">
            {[0, 1, 2].map((i) => (
              <div key={i} className="demo-pop flex items-center gap-1.5 rounded-md bg-emerald-50 p-1.5" style={delay(0.4 + i * 0.4)}>
                <span className="flex size-4 items-center justify-center rounded-full bg-emerald-500 text-[9px] text-white">✓</span>
                <div className="h-1.5 flex-1 rounded-full bg-emerald-300" />
              </div>
            ))}
          </div>
        </div>
      );
    case 'bg-removal':
      return (
        <div className="relative h-full" style={checker}>
          <div className="demo-fade absolute inset-0 bg-gradient-to-br from-sky-300 to-teal-400" />
          <div className="absolute inset-x-0 bottom-0 mx-auto flex w-1/3 flex-col items-center">
            <div className="size-12 rounded-full bg-amber-200 ring-4 ring-white sm:size-16" />
            <div className="mt-1 h-16 w-full rounded-t-full bg-indigo-500 sm:h-24" />
          </div>
        </div>
      );
    case 'object-removal':
      return (
        <div className="relative h-full bg-gradient-to-b from-sky-200 to-sky-100">
          <div className="absolute inset-x-0 bottom-0 h-1/3 bg-amber-200" />
          <div className="demo-fade absolute bottom-[28%] left-[45%] h-1/3 w-[14%] rounded-t-lg bg-rose-500" />
          <div className="demo-brush absolute bottom-[32%] left-[42%] size-10 rounded-full border-2 border-dashed border-indigo-600 bg-indigo-500/20" />
          <div className="absolute top-2 left-2 rounded bg-white/90 px-1.5 py-0.5 text-[10px] font-semibold text-slate-600">object: car</div>
        </div>
      );
    case 'ai-article':
      return (
        <div className="flex h-full flex-col gap-2 p-3">
          <div className="demo-grow h-3.5 w-2/3 origin-left rounded bg-slate-800" />
          <Lines count={3} start={0.4} />
          <div className="demo-grow mt-1 h-2.5 w-1/3 origin-left rounded bg-indigo-400" style={delay(1.2)} />
          <Lines count={3} start={1.4} />
        </div>
      );
  }
}
