// The image tool's product demo (its tool.ts `demo.Scene`): a prompt, then the picture appears.
import { delay } from '../../../components/demoScene';

export function ImageDemoScene() {
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
}
