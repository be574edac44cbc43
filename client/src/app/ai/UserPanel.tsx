import { LogOut } from 'lucide-react';
import { Avatar } from '../../components/Avatar';
import type { AuthUser } from '../../features/auth';

interface Props {
  user: AuthUser;
  onOpenProfile: (() => void) | null;
  onSignOut: () => void;
}

/** Avatar and full name (opening the account profile where the provider has one), and sign-out. */
export function UserPanel({ user, onOpenProfile, onSignOut }: Props) {
  const name = user.fullName || [user.firstName, user.lastName].filter(Boolean).join(' ') || user.email || 'Your account';
  const identity = (
    <>
      <Avatar name={name} imageUrl={user.imageUrl} />
      <span className="min-w-0 text-left">
        <span className="block truncate text-sm font-medium text-slate-900">{name}</span>
        {user.email && <span className="block truncate text-xs text-slate-500">{user.email}</span>}
      </span>
    </>
  );
  return (
    <div className="flex items-center gap-2">
      {onOpenProfile ? (
        <button
          type="button"
          onClick={onOpenProfile}
          className="flex min-w-0 flex-1 items-center gap-3 rounded-lg p-1 hover:bg-slate-100 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-indigo-600"
        >
          {identity}
        </button>
      ) : (
        <div className="flex min-w-0 flex-1 items-center gap-3 p-1">{identity}</div>
      )}
      <button
        type="button"
        onClick={onSignOut}
        aria-label="Sign out"
        title="Sign out"
        className="inline-flex size-9 shrink-0 items-center justify-center rounded-lg text-slate-500 hover:bg-red-50 hover:text-red-600 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-indigo-600"
      >
        <LogOut aria-hidden className="size-5" />
      </button>
    </div>
  );
}
