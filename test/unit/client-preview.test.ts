// The preview's pure parts: which clicked links open (and where), and the webview page's Content-Security-Policy.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { resolveLink, servicePageUrl } from '../../client/src/preview/links';
import { contentSecurityPolicy, webviewPage } from '../../client/src/preview/webviewHtml';

const PAGE = 'http://127.0.0.1:8000/enwiki/Main_Page';

const links: Array<{ href: string; opens?: string; refused?: RegExp }> = [
  { href: 'https://example.org/a?b=c#d', opens: 'https://example.org/a?b=c#d' },
  { href: 'http://example.org/', opens: 'http://example.org/' },
  { href: './Other_page', opens: 'http://127.0.0.1:8000/enwiki/Other_page' },
  { href: '//upload.example.org/x.png', opens: 'https://upload.example.org/x.png' },
  { href: 'javascript:alert(1)', refused: /javascript: link; only http and https/ },
  { href: ' JavaScript:alert(1)', refused: /javascript: link/ },
  { href: 'file:///etc/passwd', refused: /file: link/ },
  { href: 'command:workbench.action.terminal.new', refused: /command: link/ },
  { href: 'data:text/html,<script>x</script>', refused: /data: link/ },
  { href: 'https://user:secret@example.org/', refused: /user name or password/ },
  { href: 'http://[::1', refused: /not a valid address/ },
  { href: '   ', refused: /no address/ },
];

for (const { href, opens, refused } of links) {
  test(`link ${JSON.stringify(href)} ${opens ? `opens ${opens}` : 'is refused'}`, () => {
    const target = resolveLink(href, PAGE);
    if (opens) assert.deepEqual(target, { open: true, url: opens });
    else {
      assert.equal(target.open, false);
      assert.match(target.open ? '' : target.reason, refused ?? /./);
    }
  });
}

test('the page address at the service uses the canonical, encoded page name', () => {
  assert.equal(servicePageUrl('http://127.0.0.1:8000/', 'enwiki', 'AC/DC'), 'http://127.0.0.1:8000/enwiki/AC%2FDC');
  assert.equal(servicePageUrl('http://h/base', 'dewiki', 'café au lait'), 'http://h/base/dewiki/Caf%C3%A9_au_lait');
  assert.throws(() => servicePageUrl('http://h', 'enwiki', 'a|b'), /cannot contain/);
});

test('the CSP allows only the nonce script, the extension\'s styles, and images only when allowed', () => {
  const off = contentSecurityPolicy('vscode-resource:', 'N0NCE', false);
  assert.match(off, /^default-src 'none'/);
  assert.match(off, /script-src 'nonce-N0NCE'(;|$)/);
  assert.match(off, /style-src vscode-resource: 'nonce-N0NCE'(;|$)/);
  assert.match(off, /img-src 'none'/);
  assert.doesNotMatch(off, /unsafe-inline|unsafe-eval|\*/);
  const on = contentSecurityPolicy('vscode-resource:', 'N0NCE', true);
  assert.match(on, /img-src vscode-resource: https: http: data:/);
  assert.match(on, /script-src 'nonce-N0NCE'(;|$)/);
});

test('the webview page carries the CSP, and its only script and style are the nonce ones', () => {
  const html = webviewPage({ cspSource: 'vscode-resource:', allowImages: false, title: '<Main & Page>', nonce: 'abc123' });
  const csp = /<meta http-equiv="Content-Security-Policy" content="([^"]+)">/.exec(html)?.[1] ?? '';
  assert.match(csp, /default-src 'none'/);
  assert.match(csp, /script-src 'nonce-abc123'/);
  const scripts = html.match(/<script[^>]*>/g) ?? [];
  assert.deepEqual(scripts, ['<script nonce="abc123">']);
  const styles = html.match(/<style[^>]*>/g) ?? [];
  assert.deepEqual(styles, ['<style nonce="abc123">']);
  assert.match(html, /<title>&lt;Main &amp; Page&gt;<\/title>/);
  // A fresh nonce each time the page is built.
  const first = webviewPage({ cspSource: 'x:', allowImages: false, title: 't' });
  const second = webviewPage({ cspSource: 'x:', allowImages: false, title: 't' });
  assert.notEqual(/nonce-([^']+)'/.exec(first)?.[1], /nonce-([^']+)'/.exec(second)?.[1]);
});
