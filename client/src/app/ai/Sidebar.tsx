import { Lock, ShieldCheck } from 'lucide-react';
import { NavLink } from 'react-router-dom';
import type { AuthUser } from '../../features/auth';
import type { Plan } from '../../gql/graphql';
import { AI_NAV } from './navItems';
import { PlanPanel } from './PlanPanel';
import { UserPanel } from './UserPanel';

interface Props {
  id: string;
  open: boolean;
  user: AuthUser;
  plan: Plan | null;
  onNavigate: () => void;
  onSignOut: () => void;
}

/** From md up it sticks beside the content (its rail is in AiLayout); below md, a drawer that slides in over it. */
export function Sidebar({ id, open, user, plan, onNavigate, onSignOut }: Props) {
  const locked = plan !== 'PREMIUM';
  return (
    <aside
      id={id}
      className={`top-14 z-20 flex h-[calc(100dvh-3.5rem)] w-64 flex-col bg-white max-md:fixed max-md:left-0 max-md:border-r max-md:border-slate-200 max-md:transition-[translate,visibility] max-md:duration-200 md:sticky ${open ? 'max-md:shadow-xl' : 'max-md:invisible max-md:-translate-x-full'}`}
    >
      <nav aria-label="AI tools" className="flex-1 overflow-y-auto p-3">
        <ul className="flex flex-col gap-1">
          {AI_NAV.map(({ to, label, icon: Icon, end, premium }) => (
            <li key={to}>
              <NavLink
                to={to}
                end={end}
                onClick={onNavigate}
                className={({ isActive }) =>
                  `flex items-center gap-3 rounded-lg px-3 py-2 text-sm font-medium focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-indigo-600 ${isActive ? 'bg-indigo-600 text-white shadow-sm' : 'text-slate-700 hover:bg-slate-100'}`
                }
              >
                <Icon aria-hidden className="size-5 shrink-0" />
                {label}
                {premium && locked ? (
                  <>
                    <Lock aria-hidden data-testid="nav-lock" className="ml-auto size-3.5 shrink-0 opacity-70" />
                    <span className="sr-only"> (Premium, locked)</span>
                  </>
                ) : null}
              </NavLink>
            </li>
          ))}
          {(user.role === 'MODERATOR' || user.role === 'ADMIN') && (
            <li>
              <NavLink
                to="/admin"
                onClick={onNavigate}
                className={({ isActive }) =>
                  `flex items-center gap-3 rounded-lg px-3 py-2 text-sm font-medium focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-indigo-600 ${isActive ? 'bg-indigo-600 text-white shadow-sm' : 'text-slate-700 hover:bg-slate-100'}`
                }
              >
                <ShieldCheck aria-hidden className="size-5 shrink-0" />
                Admin
              </NavLink>
            </li>
          )}
        </ul>
      </nav>
      <div className="flex flex-col gap-3 border-t border-slate-200 p-3">
        <PlanPanel plan={plan} />
        <UserPanel user={user} onNavigate={onNavigate} onSignOut={onSignOut} />
      </div>
    </aside>
  );
}
