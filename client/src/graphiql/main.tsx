import './workers';
import { createGraphiQLFetcher } from '@graphiql/toolkit';
import { GraphiQL } from 'graphiql';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import 'graphiql/style.css';
import './graphiql.css';

const wsProtocol = location.protocol === 'https:' ? 'wss' : 'ws';

// For subscriptions the toolkit opens a graphql-ws client per operation with
// connectionParams = { ...wsConnectionParams, ...headers from the headers editor },
// so a pasted {"Authorization": "Bearer ..."} reaches the server's onConnect too.
const fetcher = createGraphiQLFetcher({
  url: `${location.origin}/graphql`,
  subscriptionUrl: `${wsProtocol}://${location.host}/graphql`,
});

const container = document.getElementById('graphiql');
if (!container) throw new Error('graphiql.html is missing the #graphiql element');

createRoot(container).render(
  <StrictMode>
    <GraphiQL fetcher={fetcher} isHeadersEditorEnabled>
      <GraphiQL.Logo>Atelier GraphiQL</GraphiQL.Logo>
    </GraphiQL>
  </StrictMode>,
);
