/**
 * Leaves the app for a billing page the server named (Stripe Checkout or the Customer
 * Portal). Only http(s) addresses: whatever the answer held, it never runs as script.
 */
export function leaveFor(url: string): boolean {
  let parsed: URL;
  try {
    parsed = new URL(url, window.location.href);
  } catch {
    return false;
  }
  if (parsed.protocol !== 'https:' && parsed.protocol !== 'http:') return false;
  window.location.assign(parsed.href);
  return true;
}
