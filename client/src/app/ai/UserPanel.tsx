import { LogOut } from 'lucide-react';
import { NavLink } from 'react-router-dom';
import { Avatar } from '../../components/Avatar';
import type { AuthUser } from '../../features/auth';

interface Props {
  user: AuthUser;
  onNavigate: () => void;
  onSignOut: () => void;
}

/** Avatar and full name, opening the account page (product §2: "click opens the account profile"), and sign-out. */
export function UserPanel({ user, onNavigate, onSignOut }: Props) {
  const name = user.fullName || [user.firstName, user.lastName].filter(Boolean).join(' ') || user.email || 'Your account';
  return (
    <div className="flex items-center gap-2">
      <NavLink
        to="/ai/account"
        onClick={onNavigate}
        title="Account"
        className={({ isActive }) =>
          `flex min-w-0 flex-1 items-center gap-3 rounded-lg p-1 hover:bg-slate-100 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-indigo-600 ${isActive ? 'bg-slate-100' : ''}`
        }
      >
        <Avatar name={name} imageUrl={user.imageUrl} />
        <span className="min-w-0 text-left">
          <span className="block truncate text-sm font-medium text-slate-900">{name}</span>
          {user.email && <span className="block truncate text-xs text-slate-600">{user.email}</span>}
          <span className="sr-only">, account</span>
        </span>
      </NavLink>
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
