// A conversion service that answers with hostile HTML, to check in the real webview that nothing from a service runs.
import * as http from 'node:http';
import type { AddressInfo } from 'node:net';

/** Every trick here would leave a mark (a data attribute on <body>, a request to /pwned) if it ran. */
export const HOSTILE_BODY = `<body lang="en">
<h2 id="hostile-heading">Hostile page</h2>
<p>Text before the tricks. <a id="web-link" href="http://127.0.0.1:PORT/wiki/Target">a web link</a>
<a id="script-link" href="javascript:document.body.dataset.pwned='link'">a script link</a></p>
<script>document.body.dataset.pwned = 'script';</script>
<img id="bad-image" src="http://127.0.0.1:PORT/pwned-image.png" onerror="document.body.dataset.pwned='onerror'" alt="tracker">
<iframe src="http://127.0.0.1:PORT/pwned-frame"></iframe>
<p onclick="document.body.dataset.pwned='onclick'" style="background:url(http://127.0.0.1:PORT/pwned-style)">styled</p>
<link rel="stylesheet" href="http://127.0.0.1:PORT/pwned.css">
<base href="http://127.0.0.1:PORT/pwned-base/">
</body>`;

export interface HostileService {
  url: string;
  /** Paths the webview asked for (anything but the conversion itself means something loaded). */
  requests: string[];
  close(): Promise<void>;
}

export async function startHostileService(): Promise<HostileService> {
  const requests: string[] = [];
  let port = 0;
  const server = http.createServer((request, response) => {
    requests.push(`${request.method} ${request.url}`);
    request.resume();
    request.on('end', () => {
      if (request.method === 'POST') {
        response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
        response.end(HOSTILE_BODY.replace(/PORT/g, String(port)));
      } else {
        response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
        response.end('<!DOCTYPE html><title>opened</title><p>opened outside the preview</p>');
      }
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  port = (server.address() as AddressInfo).port;
  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    close: () => new Promise<void>((resolve) => { server.closeAllConnections(); server.close(() => resolve()); }),
  };
}
