// Accounts (docs/moderation.md, "Admin area"): search, plan, role (admins change it), suspend and restore.
import { useMutation, useQuery } from '@apollo/client/react';
import { useDeferredValue, useId, useState } from 'react';
import { dangerButton, secondaryButton } from '../../../components/buttons';
import type { AdminUserRowFragment, Role } from '../../../gql/graphql';
import { toAppError } from '../../../lib/graphqlError';
import { AdminUsersQuery, RestoreUserMutation, SetUserRoleMutation, SuspendUserMutation } from '../api/operations';
import { PanelState, when } from './PanelState';
import { ReasonForm } from './ReasonForm';

const ROLES: Role[] = ['USER', 'MODERATOR', 'ADMIN'];

function RoleCell({ id, role, editable, self }: { id: string; role: Role; editable: boolean; self: boolean }) {
  const [setRole, { loading, error }] = useMutation(SetUserRoleMutation);
  const selectId = useId();
  if (!editable || self) return <span>{role}</span>;
  return (
    <div className="flex flex-col gap-1">
      <label htmlFor={selectId} className="sr-only">
        Role
      </label>
      <select
        id={selectId}
        value={role}
        disabled={loading}
        onChange={(e) => void setRole({ variables: { id, role: e.target.value as Role } }).catch(() => undefined)}
        className="rounded-lg border border-slate-300 bg-white px-2 py-1.5 text-sm focus-visible:ring-2 focus-visible:ring-indigo-500/40 focus-visible:outline-none"
      >
        {ROLES.map((r) => (
          <option key={r} value={r}>
            {r}
          </option>
        ))}
      </select>
      {error && (
        <p role="alert" className="text-xs text-rose-700">
          {toAppError(error).message}
        </p>
      )}
    </div>
  );
}

function UserRow({ user, isAdmin, myId }: { user: AdminUserRowFragment; isAdmin: boolean; myId: string }) {
  const [suspend] = useMutation(SuspendUserMutation);
  const [restore] = useMutation(RestoreUserMutation);
  const self = user.id === myId;
  // A moderator acts only on plain users; nobody on their own account.
  const actionable = !self && (isAdmin || user.role === 'USER');
  const name = [user.firstName, user.lastName].filter(Boolean).join(' ');
  return (
    <tr className="align-top">
      <td className="py-3 pr-4">
        <div className="font-medium text-slate-900">{user.email ?? '(no address)'}</div>
        {name && <div className="text-slate-500">{name}</div>}
        <div className="text-xs text-slate-500">since {when(user.createdAt)}</div>
      </td>
      <td className="py-3 pr-4">{user.plan}</td>
      <td className="py-3 pr-4">
        <RoleCell id={user.id} role={user.role} editable={isAdmin} self={self} />
      </td>
      <td className="py-3 pr-4">
        {user.suspendedAt ? (
          <span className="text-rose-700">
            Suspended {when(user.suspendedAt)}
            {user.suspendedReason ? `: ${user.suspendedReason}` : ''}
          </span>
        ) : (
          'Active'
        )}
      </td>
      <td className="py-3">
        {actionable &&
          (user.suspendedAt ? (
            <ReasonForm
              label="Restore"
              required={false}
              buttonClass={secondaryButton}
              onSubmit={async (reason) => void (await restore({ variables: { id: user.id, reason: reason || null } }))}
            />
          ) : (
            <ReasonForm label="Suspend" required buttonClass={dangerButton} onSubmit={async (reason) => void (await suspend({ variables: { id: user.id, reason } }))} />
          ))}
      </td>
    </tr>
  );
}

export function UsersPanel({ isAdmin, myId }: { isAdmin: boolean; myId: string }) {
  const [search, setSearch] = useState('');
  const deferred = useDeferredValue(search.trim());
  const { data, loading, error, refetch } = useQuery(AdminUsersQuery, { variables: { search: deferred || null, first: 50 } });
  const searchId = useId();
  const users = data?.adminUsers;
  return (
    <section aria-labelledby="admin-users-heading" className="flex flex-col gap-4">
      <h2 id="admin-users-heading" className="text-lg font-semibold text-slate-900">
        Users
      </h2>
      <div className="flex max-w-md flex-col gap-1.5">
        <label htmlFor={searchId} className="text-sm font-medium text-slate-700">
          Search by address, name or id
        </label>
        <input
          id={searchId}
          type="search"
          value={search}
          onChange={(e) => setSearch(e.target.value)}
          className="rounded-lg border border-slate-300 bg-white px-3 py-2 text-sm focus-visible:border-indigo-500 focus-visible:ring-2 focus-visible:ring-indigo-500/40 focus-visible:outline-none"
        />
      </div>
      <PanelState
        what="Users"
        loading={loading && !users}
        error={users ? null : error}
        empty={users?.length === 0}
        emptyText="No account matches."
        onRetry={() => void refetch().catch(() => undefined)}
      >
        <div className="overflow-x-auto rounded-xl border border-slate-200 bg-white px-4">
          <table className="w-full text-left text-sm">
            <caption className="sr-only">Accounts, newest first</caption>
            <thead className="text-xs text-slate-500 uppercase">
              <tr>
                <th scope="col" className="py-2 pr-4">
                  Account
                </th>
                <th scope="col" className="py-2 pr-4">
                  Plan
                </th>
                <th scope="col" className="py-2 pr-4">
                  Role
                </th>
                <th scope="col" className="py-2 pr-4">
                  Status
                </th>
                <th scope="col" className="py-2">
                  <span className="sr-only">Actions</span>
                </th>
              </tr>
            </thead>
            <tbody className="divide-y divide-slate-100">
              {users?.map((u) => (
                <UserRow key={u.id} user={u} isAdmin={isAdmin} myId={myId} />
              ))}
            </tbody>
          </table>
        </div>
      </PanelState>
    </section>
  );
}
