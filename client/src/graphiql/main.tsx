import './workers';
import { GraphiQL } from 'graphiql';
import { lazy, StrictMode, Suspense } from 'react';
import { createRoot } from 'react-dom/client';
import { sessionFetcher } from './fetcher';
import { SessionBar } from './SessionBar';
import { startSession } from './session';
import 'graphiql/style.css';
import './graphiql.css';

const ClerkSession = lazy(() => import('./ClerkSession'));

const container = document.getElementById('graphiql');
if (!container) throw new Error('graphiql.html is missing the #graphiql element');
const root = createRoot(container);

function render(clerkKey: string | null) {
  root.render(
    <StrictMode>
      {clerkKey && (
        <Suspense>
          <ClerkSession publishableKey={clerkKey} />
        </Suspense>
      )}
      <SessionBar />
      <div className="atelier-graphiql">
        <GraphiQL fetcher={sessionFetcher} isHeadersEditorEnabled>
          <GraphiQL.Logo>Atelier GraphiQL</GraphiQL.Logo>
        </GraphiQL>
      </div>
    </StrictMode>,
  );
}

render(null);
void startSession().then((clerkKey) => clerkKey && render(clerkKey));
