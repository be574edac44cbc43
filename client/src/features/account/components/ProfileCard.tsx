import { Avatar } from '../../../components/Avatar';
import type { AuthUser } from '../../auth';

export const displayName = (user: AuthUser) => user.fullName || [user.firstName, user.lastName].filter(Boolean).join(' ') || user.email || 'Your account';

/** Built-in identity: who is signed in (name, picture, e-mail). */
export function ProfileCard({ user }: { user: AuthUser }) {
  const name = displayName(user);
  return (
    <section aria-labelledby="profile-heading" className="rounded-2xl border border-slate-200 bg-white p-5 shadow-sm sm:p-6">
      <h2 id="profile-heading" className="text-lg font-semibold text-slate-900">
        Profile
      </h2>
      <div className="mt-4 flex min-w-0 items-center gap-4">
        <Avatar name={name} imageUrl={user.imageUrl} className="size-16 text-lg" />
        <dl className="min-w-0">
          <dt className="sr-only">Name</dt>
          <dd className="truncate text-base font-semibold text-slate-900">{name}</dd>
          <dt className="sr-only">E-mail</dt>
          <dd className="truncate text-sm text-slate-600">{user.email}</dd>
        </dl>
      </div>
    </section>
  );
}
