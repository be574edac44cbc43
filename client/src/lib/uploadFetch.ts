// fetch() cannot report how much of a request body has been sent; XMLHttpRequest can.
// Apollo's upload link calls this in place of fetch: a request whose fetchOptions carry
// onUploadProgress (a tool sending a file) goes through XMLHttpRequest and reports its
// upload; every other request is a plain fetch.

export interface UploadProgress {
  /** Bytes of the request body sent so far. */
  loaded: number;
  /** Bytes of the whole body (0 until the browser knows). */
  total: number;
}

export interface UploadRequestInit extends RequestInit {
  onUploadProgress?: (progress: UploadProgress) => void;
}

function responseHeaders(raw: string): Headers {
  const headers = new Headers();
  for (const line of raw.trim().split(/[\r\n]+/)) {
    const at = line.indexOf(':');
    if (at > 0) headers.append(line.slice(0, at).trim(), line.slice(at + 1).trim());
  }
  return headers;
}

export function uploadFetch(input: RequestInfo | URL, init: UploadRequestInit = {}): Promise<Response> {
  const { onUploadProgress, ...rest } = init;
  if (!onUploadProgress || typeof XMLHttpRequest === 'undefined') return fetch(input, rest);
  return new Promise<Response>((resolve, reject) => {
    const signal = rest.signal;
    const abortError = () => new DOMException('The upload was cancelled.', 'AbortError');
    if (signal?.aborted) return reject(abortError());
    const xhr = new XMLHttpRequest();
    xhr.open(rest.method ?? 'GET', input instanceof Request ? input.url : String(input));
    new Headers(rest.headers).forEach((value, key) => xhr.setRequestHeader(key, value));
    xhr.responseType = 'arraybuffer';
    xhr.upload.onprogress = (e) => onUploadProgress({ loaded: e.loaded, total: e.lengthComputable ? e.total : 0 });
    xhr.upload.onload = (e) => onUploadProgress({ loaded: e.loaded, total: e.loaded });
    const onAbort = () => xhr.abort();
    signal?.addEventListener('abort', onAbort, { once: true });
    const done = () => signal?.removeEventListener('abort', onAbort);
    xhr.onload = () => {
      done();
      resolve(
        new Response(xhr.status === 204 ? null : (xhr.response as ArrayBuffer), {
          status: xhr.status,
          statusText: xhr.statusText,
          headers: responseHeaders(xhr.getAllResponseHeaders()),
        }),
      );
    };
    // As fetch does: a network failure is a TypeError, a cancellation an AbortError.
    xhr.onerror = () => {
      done();
      reject(new TypeError('Failed to fetch'));
    };
    xhr.ontimeout = xhr.onerror;
    xhr.onabort = () => {
      done();
      reject(abortError());
    };
    xhr.send((rest.body ?? null) as XMLHttpRequestBodyInit | null);
  });
}
