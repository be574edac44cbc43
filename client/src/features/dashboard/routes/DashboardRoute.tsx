import { NetworkStatus } from '@apollo/client';
import { useQuery } from '@apollo/client/react';
import { toast } from 'sonner';
import { useEffect } from 'react';
import { DASHBOARD_PAGE_SIZE } from '../../../lib/constants';
import { toAppError } from '../../../lib/graphqlError';
import { useAuth } from '../../auth';
import { useMyBatches } from '../../batches';
import { historyItems } from '../lib/history';
import { MyCreationsQuery } from '../api/operations';
import { RecentCreations } from '../components/RecentCreations';
import { StatCards } from '../components/StatCards';

export function DashboardRoute() {
  const { user, plan } = useAuth();
  // Refetches by itself when a job completes anywhere: the jobs feature evicts myCreations.
  const { data, error, fetchMore, networkStatus } = useQuery(MyCreationsQuery, {
    variables: { first: DASHBOARD_PAGE_SIZE },
    notifyOnNetworkStatusChange: true,
  });

  useEffect(() => {
    if (error) toast.error(toAppError(error).message);
  }, [error]);

  const connection = data?.myCreations;
  const creations = connection ? connection.edges.map((e) => e.node) : error ? [] : null;
  const hasMore = connection?.pageInfo.hasNextPage ?? false;
  // Batches are items of the history too, each in place of its pictures' creations (docs/batches.md, "On the dashboard").
  const batches = useMyBatches();
  const items = creations && historyItems(creations, batches ?? [], !hasMore);
  // "Welcome back" once there is something to come back to: a brand-new account is welcomed.
  const returning = (creations?.length ?? 0) > 0;
  const greeting = returning ? 'Welcome back' : 'Welcome';

  return (
    <div className="flex flex-col gap-6">
      <header>
        <h1 className="text-2xl font-semibold tracking-tight text-slate-900">{user?.firstName ? `${greeting}, ${user.firstName}!` : `${greeting}!`}</h1>
        <p className="text-slate-500">{returning || creations === null ? 'Here is what you have been creating.' : 'Pick a tool to make your first creation.'}</p>
      </header>
      <StatCards total={creations?.length ?? null} more={hasMore} plan={plan} />
      <RecentCreations
        items={items}
        hasMore={hasMore}
        loadingMore={networkStatus === NetworkStatus.fetchMore}
        onLoadMore={() => void fetchMore({ variables: { after: connection?.pageInfo.endCursor ?? null } })}
      />
    </div>
  );
}
