// Requests refused before any route sees them — a body too large or not JSON, headers
// too large, a malformed request line — still get a code and a message. The answer
// speaks both dialects: REST's {success, code, message} and GraphQL's {errors}.
import type { Server } from 'node:http';
import type { Socket } from 'node:net';
import type { ErrorRequestHandler } from 'express';
import { ErrorCode, type ErrorCode as Code } from '../shared/platform/errors.js';
import type { Logger } from '../shared/platform/logger.js';

export function refusalBody(code: Code | string, message: string) {
  return { success: false, code, message, errors: [{ message, extensions: { code } }] };
}

/** body-parser's errors (express.json) and anything else a middleware throws. */
export function requestErrors(log: Logger, bodyLimit: string): ErrorRequestHandler {
  return (err: { type?: string; status?: number; statusCode?: number; message?: string; syscall?: string }, _req, res, next) => {
    if (res.headersSent) return next(err);
    const status = err.status ?? err.statusCode ?? 500;
    let code: Code = ErrorCode.BAD_USER_INPUT;
    // A file system error's message names a path on this machine: never sent.
    let message = (!err.syscall && err.message) || 'Bad request';
    if (status === 404) {
      code = ErrorCode.NOT_FOUND;
      message = 'Not found';
    } else if (err.type === 'entity.too.large' || status === 413) {
      code = ErrorCode.PAYLOAD_TOO_LARGE;
      message = `The request body is too large: at most ${bodyLimit}`;
    } else if (err.type === 'entity.parse.failed') {
      message = 'The request body is not valid JSON';
    } else if (err.type === 'encoding.unsupported' || err.type === 'charset.unsupported' || status === 415) {
      code = ErrorCode.UNSUPPORTED_MEDIA_TYPE;
      message = 'Send the body as UTF-8 JSON';
    } else if (status >= 500) {
      log.error({ err }, 'request failed');
      res.status(500).json(refusalBody(ErrorCode.INTERNAL_SERVER_ERROR, 'Something went wrong on our side. Please try again.'));
      return;
    }
    res.status(status >= 400 && status < 500 ? status : 400).json(refusalBody(code, message));
  };
}

/** Node's own HTTP parser refusals (431 headers too large, 400 malformed), as JSON with a code. */
export function answerClientErrors(server: Server): void {
  server.on('clientError', (err: NodeJS.ErrnoException, socket: Socket) => {
    if (err.code === 'ECONNRESET' || !socket.writable) {
      socket.destroy();
      return;
    }
    const tooLarge = err.code === 'HPE_HEADER_OVERFLOW';
    const status = tooLarge ? '431 Request Header Fields Too Large' : '400 Bad Request';
    const body = JSON.stringify(
      tooLarge ? refusalBody(ErrorCode.PAYLOAD_TOO_LARGE, 'The request headers are too large') : refusalBody(ErrorCode.BAD_USER_INPUT, 'Malformed HTTP request'),
    );
    socket.end(`HTTP/1.1 ${status}\r\nContent-Type: application/json; charset=utf-8\r\nContent-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body}`);
  });
}
