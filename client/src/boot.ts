// What a prerendered public page loads instead of the app (scripts/prerender.ts puts it in
// place of main.tsx, with the app's address in data-app). The page shows its content without
// JavaScript, so the app is fetched once the browser has shown its first paint: that paint
// never waits behind ~180 KB of modules on a slow link. A tab in the background starts it at once
// (it paints nothing until it is shown).
// No imports: anything shared with the app would become one more file for both to load.

/** lib/hydratedEvent.ts's HYDRATED_EVENT, which main.tsx dispatches once React has hydrated the page. */
const HYDRATED_EVENT = 'atelier:hydrated';

type Field = HTMLInputElement | HTMLTextAreaElement | HTMLSelectElement;

/**
 * Hands React a field's value typed before it hydrated (hydration may have put the field back
 * to its prerendered value). React compares the value it last saw with the field's, so the
 * field is set to '' through React's view of it, then to the typed text behind it, and the
 * input event then reads as the change it is.
 */
function replayTyping(field: Field, typed: string) {
  if (!field.isConnected) return;
  const setValue = Object.getOwnPropertyDescriptor(Object.getPrototypeOf(field), 'value')!.set!;
  field.value = '';
  setValue.call(field, typed);
  field.dispatchEvent(new Event(field instanceof HTMLSelectElement ? 'change' : 'input', { bubbles: true }));
}

/**
 * Until React has hydrated the page its fields and buttons have no handlers: what was typed
 * would not reach the app, a click would be lost, and a form would be sent as a page load.
 * Typing, clicks and submissions are held and replayed, in order, once the page has hydrated.
 * Links need no script and go on.
 */
function holdEarlyActions() {
  const held: { target: Element; replay: () => void }[] = [];
  const typed = new Map<Field, string>();
  const hold = (event: Event) => {
    if (event.type === 'input' || event.type === 'change') {
      const field = event.target as Field;
      if (!field.matches?.('input:not([type=checkbox]):not([type=radio]), textarea, select')) return;
      if (!typed.has(field)) held.push({ target: field, replay: () => replayTyping(field, typed.get(field)!) });
      typed.set(field, field.value);
      return;
    }
    if (event.type === 'submit') {
      const form = event.target as HTMLFormElement;
      const submitter = (event as SubmitEvent).submitter;
      event.preventDefault();
      held.push({ target: form, replay: () => form.isConnected && form.requestSubmit(submitter?.isConnected ? submitter : null) });
      return;
    }
    const button = (event.target as Element | null)?.closest?.<HTMLElement>('button, [role="button"]');
    if (!button) return;
    event.preventDefault(); // a submit button would send its form natively
    held.push({ target: button, replay: () => button.isConnected && button.click() });
  };
  const events = ['input', 'change', 'click', 'submit'];
  for (const type of events) document.addEventListener(type, hold, true);
  // The root's first commit may leave a part of the page still to hydrate (React hydrates a
  // suspended part later): replay once every element acted on is React's (a detached one was
  // replaced and is skipped), or after 5 s at most, so the page never stays deaf.
  const ready = () => held.every(({ target }) => !target.isConnected || Object.keys(target).some((k) => k.startsWith('__reactFiber$')));
  let deadline = 0;
  const replayAll = () => {
    deadline ||= performance.now() + 5000;
    if (!ready() && performance.now() < deadline) return void setTimeout(replayAll, 16);
    for (const type of events) document.removeEventListener(type, hold, true);
    // One per task: React commits what each one changed before the next (a held click then
    // submits the typed text, not the state from before it).
    const next = () => {
      const action = held.shift();
      if (!action) return;
      action.replay();
      setTimeout(next, 0);
    };
    next();
  };
  window.addEventListener(HYDRATED_EVENT, replayAll, { once: true });
}

const app = document.querySelector<HTMLScriptElement>('script[data-app]')?.dataset.app;
if (!app) throw new Error('boot: the page names no app module (script[data-app]); was it prerendered by scripts/prerender.ts?');
let started = false;
const start = () => {
  if (started) return;
  started = true;
  void import(/* @vite-ignore */ app);
};

/**
 * Calls `then` (perhaps more than once) once the page's first contentful paint is on screen:
 * its Paint Timing entry is reported after the frame is presented, which an animation frame and
 * a task after it do not wait for (measured: the app's module was requested at 157 ms, the first
 * paint presented at 265 ms, so in Lighthouse's phone model the paint waited behind the app's
 * download). A tab hidden meanwhile paints nothing: it starts then; and 3 s at most, whatever the
 * browser reports.
 */
function afterFirstPaint(then: () => void) {
  new PerformanceObserver((list) => list.getEntriesByName('first-contentful-paint').length > 0 && then()).observe({ type: 'paint', buffered: true });
  document.addEventListener('visibilitychange', then, { once: true });
  setTimeout(then, 3000);
}

holdEarlyActions();
if (document.visibilityState === 'visible') afterFirstPaint(start);
else start();
