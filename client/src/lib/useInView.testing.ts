// Test double for IntersectionObserver (happy-dom's never reports): records what each
// observer watches with which options, and lets a test say how much of an element shows.
import { act } from '@testing-library/react';

export interface FakeObserver {
  options: IntersectionObserverInit;
  targets: Set<Element>;
  disconnected: boolean;
}

export function installFakeIntersectionObserver() {
  const observers: FakeObserver[] = [];
  const callbacks = new Map<FakeObserver, IntersectionObserverCallback>();
  const original = globalThis.IntersectionObserver;

  class FakeIntersectionObserver {
    private readonly record: FakeObserver;
    constructor(callback: IntersectionObserverCallback, options: IntersectionObserverInit = {}) {
      this.record = { options, targets: new Set(), disconnected: false };
      observers.push(this.record);
      callbacks.set(this.record, callback);
    }
    observe(target: Element) {
      this.record.targets.add(target);
    }
    unobserve(target: Element) {
      this.record.targets.delete(target);
    }
    disconnect() {
      this.record.targets.clear();
      this.record.disconnected = true;
    }
    takeRecords() {
      return [];
    }
  }
  globalThis.IntersectionObserver = FakeIntersectionObserver as unknown as typeof IntersectionObserver;

  return {
    observers,
    /** The live observers watching `el`. */
    watching(el: Element) {
      return observers.filter((o) => o.targets.has(el));
    },
    /** Reports that `ratio` of `el` is visible to every observer watching it. */
    show(el: Element, ratio: number) {
      act(() => {
        for (const o of observers.filter((x) => x.targets.has(el))) {
          const entry = { target: el, isIntersecting: ratio > 0, intersectionRatio: ratio } as IntersectionObserverEntry;
          callbacks.get(o)?.([entry], {} as IntersectionObserver);
        }
      });
    },
    restore() {
      globalThis.IntersectionObserver = original;
    },
  };
}
