import { useEffect, useState } from 'react';
import { useAfterHydration } from '../../../lib/prerendered';

/**
 * The token of the e-mailed link this page was opened with (?token=…), read once after
 * hydration (the prerendered page has none) and then taken out of the address bar, so it is
 * not left in history or copied along with the address. Undefined until read; null when absent.
 */
export function useLinkToken(): string | null | undefined {
  const after = useAfterHydration();
  const [token, setToken] = useState<string | null | undefined>(undefined);
  useEffect(() => {
    if (!after || token !== undefined) return;
    const url = new URL(window.location.href);
    setToken(url.searchParams.get('token'));
    if (url.searchParams.has('token')) {
      url.searchParams.delete('token');
      window.history.replaceState(window.history.state, '', `${url.pathname}${url.search}${url.hash}`);
    }
  }, [after, token]);
  return token;
}
