// The resume-review tool's product demo (its tool.ts `demo.Scene`): a scanned resume, then checks.
import { delay, Lines } from '../../../components/demoScene';

export function ResumeReviewDemoScene() {
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
}
