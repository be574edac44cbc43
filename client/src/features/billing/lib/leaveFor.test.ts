// @vitest-environment happy-dom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { leaveFor } from './leaveFor';

afterEach(() => vi.restoreAllMocks());

describe('leaveFor (to Stripe Checkout / the Customer Portal)', () => {
  it('goes to an https address', () => {
    const assign = vi.spyOn(window.location, 'assign').mockImplementation(() => {});
    expect(leaveFor('https://checkout.stripe.com/c/pay/cs_test_1')).toBe(true);
    expect(assign).toHaveBeenCalledWith('https://checkout.stripe.com/c/pay/cs_test_1');
  });

  it('never runs an answer as script, nor follows a non-http scheme', () => {
    const assign = vi.spyOn(window.location, 'assign').mockImplementation(() => {});
    expect(leaveFor('javascript:alert(1)')).toBe(false);
    expect(leaveFor('data:text/html,<script>alert(1)</script>')).toBe(false);
    expect(assign).not.toHaveBeenCalled();
  });
});
