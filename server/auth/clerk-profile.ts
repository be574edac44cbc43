// A Clerk user's names, e-mail and avatar as our User row keeps them, from wherever Clerk
// tells us: a session token's custom claims, the Backend API's user, or a webhook's user JSON.
import type { User } from '../shared/db/generated/client.js';

export interface Profile {
  email: string | null;
  firstName: string | null;
  lastName: string | null;
  imageUrl: string | null;
}

const str = (v: unknown) => (typeof v === 'string' && v !== '' ? v : null);

const CLAIMS = { email: 'email', firstName: 'first_name', lastName: 'last_name', imageUrl: 'image_url' } as const;

/**
 * The profile a token carries as custom session claims ({"email": "{{user.primary_email_address}}",
 * "first_name": …}), or null when it carries no e-mail claim (Clerk's default claims): then
 * the Backend API is asked, unless there is none to ask (`onlySource`: no secret key), when
 * whatever claims there are count. Only the claims present are taken; absent ones stay as stored.
 */
export function profileFromClaims(claims: Record<string, unknown>, onlySource = false): Partial<Profile> | null {
  if (!('email' in claims) && !(onlySource && Object.values(CLAIMS).some((c) => c in claims))) return null;
  const profile: Partial<Profile> = {};
  for (const [field, claim] of Object.entries(CLAIMS)) if (claim in claims) profile[field as keyof Profile] = str(claims[claim]);
  return profile;
}

/** Clerk's user JSON (Backend API and webhooks): the primary address is found by its id. */
export interface ClerkUserJson {
  id: string;
  first_name?: string | null;
  last_name?: string | null;
  image_url?: string | null;
  primary_email_address_id?: string | null;
  email_addresses?: { id: string; email_address: string }[];
  updated_at?: number;
}

export function profileFromUserJson(u: ClerkUserJson): Profile {
  const addresses = u.email_addresses ?? [];
  const primary = addresses.find((a) => a.id === u.primary_email_address_id) ?? addresses[0];
  return { email: str(primary?.email_address), firstName: str(u.first_name), lastName: str(u.last_name), imageUrl: str(u.image_url) };
}

/** The fields of `next` that differ from the row, or null when nothing does. */
export function profileChanges(user: Pick<User, keyof Profile>, next: Partial<Profile>): Partial<Profile> | null {
  const changes: Partial<Profile> = {};
  for (const field of Object.keys(CLAIMS) as (keyof Profile)[]) {
    if (field in next && next[field] !== user[field]) changes[field] = next[field] ?? null;
  }
  return Object.keys(changes).length ? changes : null;
}
