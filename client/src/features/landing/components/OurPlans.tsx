import { Plans } from '../../billing';

/** Spec §2: 'OUR PLANS' embeds the plans component (Clerk's pricing table or our own cards). */
export function OurPlans() {
  return (
    <section id="plans" aria-labelledby="plans-heading" className="bg-white px-4 py-20 sm:px-6 sm:py-28">
      <div className="mx-auto max-w-6xl">
        <div className="text-center">
          <h2 id="plans-heading" className="text-sm font-bold tracking-[0.2em] text-indigo-600">
            OUR PLANS
          </h2>
          <p className="mt-3 text-3xl font-bold tracking-tight text-balance text-slate-900 sm:text-4xl">Start free, upgrade when you need more</p>
          <p className="mx-auto mt-4 max-w-2xl text-slate-600">
            A 14-day free trial, no credit card needed. Plan changes are prorated, and cancelling keeps access until the end of the billing period.
          </p>
        </div>
        <div className="mt-14">
          <Plans />
        </div>
      </div>
    </section>
  );
}
