// The blog-titles tool's product demo (its tool.ts `demo.Scene`): a keyword, then titles pop up.
import { delay } from '../../../components/demoScene';

export function BlogTitlesDemoScene() {
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
}
