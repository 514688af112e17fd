// A local conversion service on 127.0.0.1 speaking the version 1 interface; wikitext to HTML only (wikiparser-node).
import * as http from 'node:http';
import type { AddressInfo } from 'node:net';
import { isWikiId } from './pageName';
import { TemplateFolder } from './templateFolder';
import { htmlDocument, renderWikitext } from './wikitextRenderer';

export interface EmbeddedService {
  url: string;
  port: number;
  close(): Promise<void>;
}

export const MAX_REQUEST_BYTES = 10 * 1024 * 1024;
export const NOT_AVAILABLE =
  'not available in the embedded service, set fieldwise.conversion.baseUrl to a conversion service (such as Parsoid)';

class HttpProblem extends Error {
  constructor(readonly status: number, message: string) {
    super(message);
  }
}

export async function startEmbeddedService(options: { port?: number; templatesDir?: string } = {}): Promise<EmbeddedService> {
  const port = options.port ?? 0;
  if (!Number.isInteger(port) || port < 0 || port > 65535) throw new Error(`port must be a whole number from 0 to 65535, got ${port}`);
  const templates = options.templatesDir === undefined ? undefined : await TemplateFolder.open(options.templatesDir);

  const server = http.createServer((request, response) => {
    handle(request, templates).then(
      (answer) => reply(response, answer.status, answer.type, answer.body),
      (error: unknown) => {
        const problem = error instanceof HttpProblem ? error : new HttpProblem(500, `conversion failed: ${describe(error)}`);
        reply(response, problem.status, 'text/plain', problem.message);
      },
    );
  });
  // Malformed HTTP never reaches the handler; answer it instead of leaving the socket hanging.
  server.on('clientError', (_error, socket) => {
    if (socket.writable) socket.end('HTTP/1.1 400 Bad Request\r\nContent-Type: text/plain\r\nConnection: close\r\n\r\nmalformed HTTP request\n');
    else socket.destroy();
  });
  server.requestTimeout = 60_000;

  await new Promise<void>((resolve, reject) => {
    const onError = (error: NodeJS.ErrnoException): void => {
      reject(new Error(error.code === 'EADDRINUSE' ? `port ${port} on 127.0.0.1 is already in use` : `cannot listen on 127.0.0.1:${port}: ${error.message}`));
    };
    server.once('error', onError);
    server.listen(port, '127.0.0.1', () => {
      server.off('error', onError);
      resolve();
    });
  });
  const actualPort = (server.address() as AddressInfo).port;
  let closing: Promise<void> | undefined;
  return {
    url: `http://127.0.0.1:${actualPort}`,
    port: actualPort,
    close() {
      closing ??= new Promise<void>((resolve) => {
        templates?.close();
        server.close(() => resolve());
        server.closeAllConnections();
      });
      return closing;
    },
  };
}

interface Answer {
  status: number;
  type: string;
  body: string;
}

async function handle(request: http.IncomingMessage, templates: TemplateFolder | undefined): Promise<Answer> {
  const target = new URL(request.url ?? '/', 'http://127.0.0.1');
  const route = /^\/([^/]+)\/(.+)$/.exec(target.pathname);
  if (!route) throw new HttpProblem(404, `no such resource ${target.pathname}; expected /{wiki id}/{page}`);
  const [, prefix, encodedPage] = route;
  if (!isWikiId(prefix)) throw new HttpProblem(404, `'${prefix}' is not a wiki id; expected a lower-case id such as enwiki`);
  let page: string;
  try {
    page = decodeURIComponent(encodedPage);
  } catch {
    throw new HttpProblem(400, `page name '${encodedPage}' is not valid URL encoding`);
  }

  if (request.method === 'GET' || request.method === 'HEAD') {
    request.resume();
    throw new HttpProblem(501, `page and revision HTML is ${NOT_AVAILABLE}`);
  }
  if (request.method !== 'POST') {
    request.resume();
    throw new HttpProblem(405, `method ${request.method} not allowed; use POST (or GET for a page's HTML)`);
  }
  const form = await readForm(request);
  const wt = form.get('wt');
  const html = form.get('html');
  if (wt !== null && html !== null) throw new HttpProblem(400, 'send either wt (wikitext to HTML) or html (HTML to wikitext), not both');
  if (html !== null) throw new HttpProblem(501, `HTML to wikitext is ${NOT_AVAILABLE}`);
  if (wt === null) throw new HttpProblem(400, 'missing form parameter: send wt (wikitext to HTML) or html (HTML to wikitext)');

  const body = renderWikitext({ wikitext: wt, prefix, page, templates: templates ? await templates.load() : new Map() });
  // Like the reference server: `body` present (any value) asks for the body's inner HTML only.
  return { status: 200, type: 'text/html', body: form.has('body') ? body : htmlDocument(body, page, prefix) };
}

async function readForm(request: http.IncomingMessage): Promise<URLSearchParams> {
  const type = (request.headers['content-type'] ?? '').split(';')[0].trim().toLowerCase();
  if (type !== 'application/x-www-form-urlencoded') {
    request.resume();
    throw new HttpProblem(400, `expected an application/x-www-form-urlencoded body, got ${type || 'no content type'}`);
  }
  const tooLarge = new HttpProblem(413, `request body over the ${MAX_REQUEST_BYTES / (1024 * 1024)} MB limit`);
  if (Number(request.headers['content-length']) > MAX_REQUEST_BYTES) {
    request.resume();
    throw tooLarge;
  }
  // Read to the end even past the cap (dropping the excess), so the answer can still be sent on this connection.
  const text = await new Promise<string>((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    request.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size <= MAX_REQUEST_BYTES) chunks.push(chunk);
    });
    request.on('end', () => (size > MAX_REQUEST_BYTES ? reject(tooLarge) : resolve(Buffer.concat(chunks).toString('utf8'))));
    request.on('error', reject);
  });
  return new URLSearchParams(text);
}

function reply(response: http.ServerResponse, status: number, type: string, body: string): void {
  if (response.headersSent) {
    response.destroy();
    return;
  }
  const payload = Buffer.from(type === 'text/plain' && !body.endsWith('\n') ? `${body}\n` : body, 'utf8');
  response.writeHead(status, {
    'content-type': `${type}; charset=utf-8`,
    'content-length': payload.length,
    'x-content-type-options': 'nosniff',
    ...(status === 405 ? { allow: 'GET, POST' } : {}),
  });
  response.end(response.req.method === 'HEAD' ? undefined : payload);
}

function describe(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
