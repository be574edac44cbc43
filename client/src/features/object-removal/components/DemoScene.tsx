// The object-removal tool's product demo (its tool.ts `demo.Scene`): a brush, then the car is gone.
export function ObjectRemovalDemoScene() {
  return (
    <div className="relative h-full bg-gradient-to-b from-sky-200 to-sky-100">
      <div className="absolute inset-x-0 bottom-0 h-1/3 bg-amber-200" />
      <div className="demo-fade absolute bottom-[28%] left-[45%] h-1/3 w-[14%] rounded-t-lg bg-rose-500" />
      <div className="demo-brush absolute bottom-[32%] left-[42%] size-10 rounded-full border-2 border-dashed border-indigo-600 bg-indigo-500/20" />
      <div className="absolute top-2 left-2 rounded bg-white/90 px-1.5 py-0.5 text-[10px] font-semibold text-slate-600">object: car</div>
    </div>
  );
}
