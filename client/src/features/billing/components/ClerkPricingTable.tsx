// Loaded only when identity is Clerk (its SDK is already on the page then): Clerk Billing's own table.
import { PricingTable } from '@clerk/clerk-react';

export default function ClerkPricingTable() {
  return <PricingTable />;
}
