// The article tool's product demo (its tool.ts `demo.Scene`): a title, then paragraphs written.
import { delay, Lines } from '../../../components/demoScene';

export function ArticleDemoScene() {
  return (
    <div className="flex h-full flex-col gap-2 p-3">
      <div className="demo-grow h-3.5 w-2/3 origin-left rounded bg-slate-800" />
      <Lines count={3} start={0.4} />
      <div className="demo-grow mt-1 h-2.5 w-1/3 origin-left rounded bg-indigo-400" style={delay(1.2)} />
      <Lines count={3} start={1.4} />
    </div>
  );
}
