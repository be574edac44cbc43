// A local HTTP server speaking Stripe's REST API as the `stripe` SDK calls it: form-encoded
// POST bodies in bracket notation (`line_items[0][price]=…`), `Authorization: Bearer sk_test_…`,
// JSON objects with `object` and prefixed ids (cus_, cs_test_, sub_, si_, bps_), errors as
// `{ "error": { "type": "invalid_request_error", "message": … } }`. It keeps the customers,
// sessions and subscriptions it made, so `completeCheckout` can do what Stripe does when the
// buyer finishes Checkout, and it records every request so tests can see what we sent.
// Webhook deliveries are signed here exactly as Stripe signs them (our own HMAC, not the SDK's).
import { createHmac, randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';

export const STRIPE_TEST_SECRET_KEY = 'sk_test_atelier_mock_0123456789';
export const STRIPE_TEST_WEBHOOK_SECRET = 'whsec_atelier_mock_signing_secret_0123456789';
export const STRIPE_TEST_PRICE = 'price_atelier_premium_monthly';
/** Another price of the Premium product: what a customer can switch to in the portal. */
export const STRIPE_TEST_PRICE_YEARLY = 'price_atelier_premium_yearly';
export const STRIPE_TEST_PRODUCT = 'prod_atelier_premium';
const DAY_S = 24 * 60 * 60;
const MONTH_S = 30 * DAY_S;

type Params = Record<string, any>;
export interface RecordedRequest {
  method: string;
  path: string;
  /** The form body, parsed from bracket notation into objects and arrays. */
  params: Params;
  /** The form body as sent. */
  raw: string;
  headers: IncomingMessage['headers'];
}

/** Stripe's form encoding read back: `a[b][0][c]=v` → { a: { b: [{ c: 'v' }] } }. */
export function parseStripeForm(body: string): Params {
  const out: Params = {};
  for (const [key, value] of new URLSearchParams(body)) {
    const head = key.match(/^[^[]+/)?.[0] ?? key;
    const path = [head, ...[...key.slice(head.length).matchAll(/\[([^\]]*)\]/g)].map((m) => m[1]!)];
    let node: any = out;
    path.forEach((seg, i) => {
      const last = i === path.length - 1;
      const nextIsIndex = !last && /^\d+$/.test(path[i + 1]!);
      const k = Array.isArray(node) ? Number(seg) : seg;
      if (last) node[k] = value;
      else node = node[k] ??= nextIsIndex ? [] : {};
    });
  }
  return out;
}

const id = (prefix: string) => `${prefix}${randomBytes(12).toString('hex')}`;
const nowS = () => Math.floor(Date.now() / 1000);

/** `Stripe-Signature` as Stripe sends it: t=<unix seconds>,v1=<hex HMAC-SHA256 of "<t>.<body>" keyed by the whsec_ secret>. */
export function stripeSignature(payload: string, secret: string, t = nowS()): string {
  const v1 = createHmac('sha256', secret).update(`${t}.${payload}`, 'utf8').digest('hex');
  return `t=${t},v1=${v1}`;
}

export interface StripeMock {
  url: string;
  requests: RecordedRequest[];
  customers: Map<string, Params>;
  sessions: Map<string, Params>;
  subscriptions: Map<string, Params>;
  portalConfigurations: Map<string, Params>;
  /** While true, every API call answers 503 with an api_error, as during an incident. */
  down: boolean;
  /** Requests to one method + path (path may end with a prefix match "…/*"). */
  requestsTo(method: string, path: string): RecordedRequest[];
  /** What Stripe does when the buyer completes Checkout: a customer (unless given) and a subscription (trialing when a trial was asked for). */
  completeCheckout(sessionId: string): { session: Params; subscription: Params };
  /** Changes a subscription as Stripe would (the portal, a failed renewal…); returns it. */
  updateSubscription(subId: string, change: Params): Params;
  /** An Event object as Stripe sends it to an endpoint. */
  event(type: string, object: Params, opts?: { id?: string; created?: number }): Params;
  /** An Invoice object for a subscription. */
  invoice(sub: Params, status: 'paid' | 'open'): Params;
  /** Posts an event to the endpoint, signed as Stripe signs it (or as given, to forge one). */
  deliver(endpoint: string, event: Params, opts?: { secret?: string; t?: number; signature?: string | null }): Promise<{ status: number; body: any }>;
  close(): Promise<void>;
}

/** What the mock's routes share: its secret key, its prices and the objects it made. */
interface StripeState {
  secretKey: string;
  /** Each price id and its product. */
  productOf: Map<string, string>;
  prices: Set<string>;
  customers: Map<string, Params>;
  sessions: Map<string, Params>;
  subscriptions: Map<string, Params>;
  portalConfigurations: Map<string, Params>;
}

/** An answer: its HTTP status and its JSON body. */
type Answer = { status: number; body: unknown };

/** A Price object (monthly, or yearly when its id says so). */
const priceObject = (s: StripeState, pid: string) => ({
  id: pid,
  object: 'price',
  active: true,
  currency: 'usd',
  product: s.productOf.get(pid) ?? null,
  unit_amount: pid.includes('year') ? 12000 : 1200,
  type: 'recurring',
  recurring: { interval: pid.includes('year') ? 'year' : 'month', interval_count: 1 },
});
/** A list object, whole (has_more false). */
const list = (path: string, data: unknown[]) => ({ status: 200, body: { object: 'list', data, has_more: false, url: path } });
/** An invalid_request_error (400 unless told). */
const invalid = (message: string, param?: string, status = 400) => ({ status, body: { error: { type: 'invalid_request_error', message, ...(param ? { param } : {}) } } });
/** A resource_missing error (404) for an unknown id. */
const missing = (what: string, rid: string, param = 'id') => ({
  status: 404,
  body: { error: { type: 'invalid_request_error', code: 'resource_missing', message: `No such ${what}: '${rid}'`, param } },
});

/** A new subscription of a customer to a price (trialing when trialDays is given), kept in the mock. */
function makeSubscription(s: StripeState, customer: string, price: string, trialDays: number | null, metadata: Params): Params {
  const t = nowS();
  const trialEnd = trialDays ? t + trialDays * DAY_S : null;
  const subId = id('sub_');
  const sub = {
    id: subId,
    object: 'subscription',
    customer,
    status: trialEnd ? 'trialing' : 'active',
    cancel_at_period_end: false,
    cancel_at: null,
    canceled_at: null,
    ended_at: null,
    created: t,
    start_date: t,
    trial_start: trialEnd ? t : null,
    trial_end: trialEnd,
    collection_method: 'charge_automatically',
    livemode: false,
    metadata,
    latest_invoice: null,
    items: {
      object: 'list',
      has_more: false,
      url: `/v1/subscription_items?subscription=${subId}`,
      data: [
        {
          id: id('si_'),
          object: 'subscription_item',
          created: t,
          quantity: 1,
          subscription: subId,
          price: priceObject(s, price),
          current_period_start: t,
          current_period_end: trialEnd ?? t + MONTH_S,
          metadata: {},
        },
      ],
    },
  };
  s.subscriptions.set(subId, sub);
  return sub;
}

/** POST /v1/customers. */
function routeCustomers(s: StripeState, method: string, path: string, p: Params): Answer | undefined {
  if (method === 'POST' && path === '/v1/customers') {
    const c = { id: id('cus_'), object: 'customer', email: p.email ?? null, metadata: p.metadata ?? {}, created: nowS(), livemode: false };
    s.customers.set(c.id, c);
    return { status: 200, body: c };
  }
}

/** POST /v1/checkout/sessions: the session is kept with its parameters, for completeCheckout. */
function routeCheckout(s: StripeState, method: string, path: string, p: Params): Answer | undefined {
  if (method !== 'POST' || path !== '/v1/checkout/sessions') return;
  if (p.mode !== 'subscription' && p.mode !== 'payment' && p.mode !== 'setup') return invalid('Missing required param: mode.', 'mode');
  if (!p.success_url && p.ui_mode !== 'embedded') return invalid('Missing required param: success_url.', 'success_url');
  if (p.customer && p.customer_email) return invalid('You may only specify one of these parameters: customer, customer_email.', 'customer');
  if (p.customer && !s.customers.has(p.customer)) return missing('customer', p.customer, 'customer');
  const items = (p.line_items ?? []) as Params[];
  if (!items.length) return invalid('Missing required param: line_items.', 'line_items');
  for (const [i, li] of items.entries()) if (!s.prices.has(li.price)) return missing('price', li.price, `line_items[${i}][price]`);
  const sid = id('cs_test_');
  const session = {
    id: sid,
    object: 'checkout.session',
    mode: p.mode,
    status: 'open',
    payment_status: 'unpaid',
    customer: p.customer ?? null,
    customer_email: p.customer_email ?? null,
    client_reference_id: p.client_reference_id ?? null,
    subscription: null,
    success_url: p.success_url,
    cancel_url: p.cancel_url ?? null,
    payment_method_collection: p.payment_method_collection ?? 'always',
    metadata: p.metadata ?? {},
    created: nowS(),
    livemode: false,
    url: `https://checkout.stripe.com/c/pay/${sid}`,
    _params: p,
  };
  s.sessions.set(sid, session);
  const { _params, ...shown } = session;
  return { status: 200, body: shown };
}

/** GET /v1/prices/{id} and GET /v1/prices (filtered by product). */
function routePrices(s: StripeState, method: string, path: string, p: Params): Answer | undefined {
  const priceMatch = path.match(/^\/v1\/prices\/([^/]+)$/);
  if (method === 'GET' && priceMatch) return s.prices.has(priceMatch[1]!) ? { status: 200, body: priceObject(s, priceMatch[1]!) } : missing('price', priceMatch[1]!);
  if (method === 'GET' && path === '/v1/prices') {
    return list(
      path,
      [...s.prices].filter((pid) => !p.product || s.productOf.get(pid) === p.product).map((pid) => priceObject(s, pid)),
    );
  }
}

/** GET and POST /v1/billing_portal/configurations, POST /v1/billing_portal/sessions. */
function routeBillingPortal(s: StripeState, method: string, path: string, p: Params): Answer | undefined {
  if (method === 'GET' && path === '/v1/billing_portal/configurations') {
    return list(
      path,
      [...s.portalConfigurations.values()].filter((c) => p.active === undefined || String(c.active) === p.active),
    );
  }
  if (method === 'POST' && path === '/v1/billing_portal/configurations') {
    if (!p.features) return invalid('Missing required param: features.', 'features');
    const update = p.features.subscription_update;
    if (update?.enabled === 'true') {
      for (const prod of update.products ?? [])
        for (const pid of prod.prices ?? [])
          if (s.productOf.get(pid) !== prod.product) return invalid(`The price ${pid} does not belong to product ${prod.product}.`, 'features[subscription_update][products]');
    }
    const c = {
      id: id('bpc_'),
      object: 'billing_portal.configuration',
      active: true,
      is_default: false,
      features: p.features,
      metadata: p.metadata ?? {},
      created: nowS(),
      livemode: false,
    };
    s.portalConfigurations.set(c.id, c);
    return { status: 200, body: c };
  }
  if (method === 'POST' && path === '/v1/billing_portal/sessions') {
    if (!p.customer) return invalid('Missing required param: customer.', 'customer');
    if (!s.customers.has(p.customer)) return missing('customer', p.customer, 'customer');
    if (p.configuration && !s.portalConfigurations.has(p.configuration)) return missing('configuration', p.configuration, 'configuration');
    const bid = id('bps_');
    return {
      status: 200,
      body: {
        id: bid,
        object: 'billing_portal.session',
        customer: p.customer,
        configuration: p.configuration ?? 'bpc_default',
        return_url: p.return_url ?? null,
        created: nowS(),
        livemode: false,
        url: `https://billing.stripe.com/p/session/test_${bid.slice(4)}`,
      },
    };
  }
}

/** GET, DELETE (cancel now) and POST (cancel_at_period_end) /v1/subscriptions/{id}. */
function routeSubscriptions(s: StripeState, method: string, path: string, p: Params): Answer | undefined {
  const subMatch = path.match(/^\/v1\/subscriptions\/([^/]+)$/);
  if (subMatch) {
    const sub = s.subscriptions.get(subMatch[1]!);
    if (!sub) return missing('subscription', subMatch[1]!);
    if (method === 'GET') return { status: 200, body: sub };
    if (method === 'DELETE') {
      if (sub.status === 'canceled') return invalid(`No such subscription: '${sub.id}'`, 'id', 404);
      return { status: 200, body: Object.assign(sub, { status: 'canceled', canceled_at: nowS(), ended_at: nowS() }) };
    }
    if (method === 'POST') {
      if (p.cancel_at_period_end !== undefined) sub.cancel_at_period_end = p.cancel_at_period_end === 'true';
      return { status: 200, body: sub };
    }
  }
}

/** The API's routes, one group of paths at a time; an unknown method + path is Stripe's 404. */
function route(s: StripeState, method: string, path: string, p: Params): Answer {
  for (const group of [routeCustomers, routeCheckout, routePrices, routeBillingPortal, routeSubscriptions]) {
    const answer = group(s, method, path, p);
    if (answer) return answer;
  }
  return {
    status: 404,
    body: {
      error: {
        type: 'invalid_request_error',
        message: `Unrecognized request URL (${method}: ${path}). Please see https://stripe.com/docs or we can help at https://support.stripe.com/.`,
      },
    },
  };
}

/** Answers one request: 503 while down, 401 without the secret key, 400 for a POST not form-encoded, else the routes. */
function answer(s: StripeState, down: boolean, req: IncomingMessage, path: string, params: Params): Answer {
  if (down) return { status: 503, body: { error: { type: 'api_error', message: 'An unknown error occurred' } } };
  if (req.headers.authorization !== `Bearer ${s.secretKey}`) {
    const shown = String(req.headers.authorization ?? '').replace(/^Bearer /, '');
    return {
      status: 401,
      body: { error: { type: 'invalid_request_error', message: `Invalid API Key provided: ${shown.slice(0, 8)}${'*'.repeat(Math.max(0, shown.length - 12))}${shown.slice(-4)}` } },
    };
  }
  if (req.method === 'POST' && req.headers['content-type'] !== 'application/x-www-form-urlencoded') {
    return { status: 400, body: { error: { type: 'invalid_request_error', message: 'Invalid request: bodies must be application/x-www-form-urlencoded' } } };
  }
  return route(s, req.method ?? 'GET', path, params);
}

/** What Stripe does when the buyer completes Checkout: a customer (unless given) and a subscription (trialing when a trial was asked for). */
function completeCheckout(s: StripeState, sessionId: string): { session: Params; subscription: Params } {
  const session = s.sessions.get(sessionId);
  if (!session) throw new Error(`no checkout session ${sessionId}`);
  const p = session._params as Params;
  let customer = session.customer as string | null;
  if (!customer) {
    customer = id('cus_');
    s.customers.set(customer, { id: customer, object: 'customer', email: session.customer_email, metadata: {}, created: nowS(), livemode: false });
  }
  const trial = p.subscription_data?.trial_period_days ? Number(p.subscription_data.trial_period_days) : null;
  const sub = makeSubscription(s, customer, p.line_items[0].price, trial, p.subscription_data?.metadata ?? {});
  Object.assign(session, { status: 'complete', payment_status: trial ? 'no_payment_required' : 'paid', customer, subscription: sub.id });
  const { _params, ...shown } = session;
  return { session: shown, subscription: sub };
}

/** An Event object as Stripe sends it to an endpoint. */
function stripeEvent(type: string, object: Params, o: { id?: string; created?: number } = {}): Params {
  return {
    id: o.id ?? id('evt_'),
    object: 'event',
    api_version: '2026-10-28.endive',
    created: o.created ?? nowS(),
    data: { object: structuredClone(object) },
    livemode: false,
    pending_webhooks: 1,
    request: { id: null, idempotency_key: null },
    type,
  };
}

/** An Invoice object for a subscription. */
function stripeInvoice(sub: Params, status: 'paid' | 'open'): Params {
  return {
    id: id('in_'),
    object: 'invoice',
    customer: sub.customer,
    status,
    amount_due: 1200,
    amount_paid: status === 'paid' ? 1200 : 0,
    billing_reason: 'subscription_cycle',
    created: nowS(),
    livemode: false,
    parent: { type: 'subscription_details', quote_details: null, subscription_details: { subscription: sub.id, metadata: sub.metadata } },
  };
}

/** Posts an event to the endpoint, signed as Stripe signs it (or as given, to forge one). */
async function deliverEvent(endpoint: string, event: Params, o: { secret?: string; t?: number; signature?: string | null } = {}): Promise<{ status: number; body: any }> {
  const payload = JSON.stringify(event, null, 2);
  const signature = o.signature === undefined ? stripeSignature(payload, o.secret ?? STRIPE_TEST_WEBHOOK_SECRET, o.t) : o.signature;
  const res = await fetch(endpoint, {
    method: 'POST',
    headers: {
      'content-type': 'application/json; charset=utf-8',
      'user-agent': 'Stripe/1.0 (+https://stripe.com/docs/webhooks)',
      ...(signature === null ? {} : { 'stripe-signature': signature }),
    },
    body: payload,
  });
  const text = await res.text();
  let body: unknown = text;
  try {
    body = JSON.parse(text);
  } catch {
    // not JSON: kept as text for the assertion message
  }
  return { status: res.status, body };
}

/** `prices`: each price id and its product. */
export async function startStripeMock(opts: { secretKey?: string; prices?: Record<string, string> } = {}): Promise<StripeMock> {
  const productOf = new Map(Object.entries(opts.prices ?? { [STRIPE_TEST_PRICE]: STRIPE_TEST_PRODUCT, [STRIPE_TEST_PRICE_YEARLY]: STRIPE_TEST_PRODUCT }));
  const state: StripeState = {
    secretKey: opts.secretKey ?? STRIPE_TEST_SECRET_KEY,
    productOf,
    prices: new Set(productOf.keys()),
    customers: new Map(),
    sessions: new Map(),
    subscriptions: new Map(),
    portalConfigurations: new Map(),
  };
  const requests: RecordedRequest[] = [];
  const sockets = new Set<Socket>();

  const server: Server = createServer((req, res) => {
    let raw = '';
    req.setEncoding('utf8');
    req.on('data', (c: string) => (raw += c));
    req.on('end', () => {
      const url = new URL(req.url ?? '/', 'http://localhost');
      // GET and DELETE carry their parameters in the query string, POST in the form body.
      const params = req.method === 'POST' ? parseStripeForm(raw) : parseStripeForm(url.search.slice(1));
      requests.push({ method: req.method ?? 'GET', path: url.pathname, params, raw, headers: req.headers });
      const { status, body } = answer(state, mock.down, req, url.pathname, params);
      res.writeHead(status, { 'content-type': 'application/json', 'request-id': id('req_'), 'stripe-version': String(req.headers['stripe-version'] ?? '') });
      res.end(JSON.stringify(body));
    });
  });
  server.on('connection', (s: Socket) => {
    sockets.add(s);
    s.on('close', () => sockets.delete(s));
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  const mock: StripeMock = {
    url,
    requests,
    down: false,
    customers: state.customers,
    sessions: state.sessions,
    subscriptions: state.subscriptions,
    portalConfigurations: state.portalConfigurations,
    requestsTo: (method, path) => requests.filter((r) => r.method === method && (path.endsWith('/*') ? r.path.startsWith(path.slice(0, -1)) : r.path === path)),
    completeCheckout: (sessionId) => completeCheckout(state, sessionId),
    updateSubscription(subId, change) {
      const sub = state.subscriptions.get(subId);
      if (!sub) throw new Error(`no subscription ${subId}`);
      return Object.assign(sub, change);
    },
    event: stripeEvent,
    invoice: stripeInvoice,
    deliver: deliverEvent,
    close: () =>
      new Promise<void>((resolve) => {
        for (const s of sockets) s.destroy();
        server.close(() => resolve());
      }),
  };
  return mock;
}
