// The background-removal tool's product demo (its tool.ts `demo.Scene`): the backdrop fades out.
import { DEMO_CHECKER } from '../../../components/demoScene';

export function BackgroundRemovalDemoScene() {
  return (
    <div className="relative h-full" style={DEMO_CHECKER}>
      <div className="demo-fade absolute inset-0 bg-gradient-to-br from-sky-300 to-teal-400" />
      <div className="absolute inset-x-0 bottom-0 mx-auto flex w-1/3 flex-col items-center">
        <div className="size-12 rounded-full bg-amber-200 ring-4 ring-white sm:size-16" />
        <div className="mt-1 h-16 w-full rounded-t-full bg-indigo-500 sm:h-24" />
      </div>
    </div>
  );
}
