import { lazy, Suspense } from 'react';
import { useAuth } from '../../auth';
import { PlanCards } from './PlanCards';

const ClerkPricingTable = lazy(() => import('./ClerkPricingTable'));

const placeholder = <div aria-busy="true" aria-label="Loading plans" className="mx-auto h-96 max-w-4xl animate-pulse rounded-2xl bg-slate-100 motion-reduce:animate-none" />;

/**
 * The plans component the landing and pricing pages embed: Clerk's pricing table when
 * identity is Clerk (plans then live in Clerk Billing), otherwise our Free/Premium cards.
 */
export function Plans({ headingLevel }: { headingLevel?: 'h2' | 'h3' }) {
  const { provider, loading } = useAuth();
  if (provider === 'clerk') {
    // Clerk's components need its provider, which is mounted only once loading ends.
    if (loading) return placeholder;
    return (
      <Suspense fallback={placeholder}>
        <ClerkPricingTable />
      </Suspense>
    );
  }
  return <PlanCards headingLevel={headingLevel} />;
}
