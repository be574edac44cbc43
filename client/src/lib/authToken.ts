// Where the bearer token comes from. Built-in accounts keep one long-lived token in
// localStorage; Clerk hands out short-lived tokens through getToken(). Both transports
// (HTTP and WebSocket) ask this module for a token per request/connection, so whichever
// identity provider is active only has to install its source here.

const STORAGE_KEY = 'atelier.token';

export type TokenSource = () => Promise<string | null>;

/** The built-in account's token, persisted across reloads. */
export const storedToken = {
  read(): string | null {
    try {
      return localStorage.getItem(STORAGE_KEY);
    } catch {
      return null; // storage disabled (private mode, sandboxed iframe): act signed out
    }
  },
  write(token: string | null): void {
    try {
      if (token) localStorage.setItem(STORAGE_KEY, token);
      else localStorage.removeItem(STORAGE_KEY);
    } catch {
      // Storage disabled: the session lasts until the tab closes, which is the best we can do.
    }
  },
};

const readStored: TokenSource = () => Promise.resolve(storedToken.read());
let source: TokenSource = readStored;

export function setTokenSource(next: TokenSource | null): void {
  source = next ?? readStored;
}

export function getAuthToken(): Promise<string | null> {
  return source();
}
