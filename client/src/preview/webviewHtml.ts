// The preview webview's page: a strict Content-Security-Policy, the extension's styles and script by nonce, nothing else.
import { randomBytes } from 'node:crypto';
import { PREVIEW_SCRIPT } from './previewScript';
import { PREVIEW_STYLES } from './previewStyles';

export interface WebviewPageOptions {
  /** `webview.cspSource`: the origin of the extension's own resources in this webview. */
  cspSource: string;
  allowImages: boolean;
  title: string;
  nonce?: string;
}

export function newNonce(): string {
  return randomBytes(18).toString('base64');
}

export function contentSecurityPolicy(cspSource: string, nonce: string, allowImages: boolean): string {
  return [
    "default-src 'none'",
    `style-src ${cspSource} 'nonce-${nonce}'`,
    `script-src 'nonce-${nonce}'`,
    `img-src ${allowImages ? `${cspSource} https: http: data:` : "'none'"}`,
    `font-src ${cspSource}`,
    "base-uri 'none'",
    "form-action 'none'",
    "frame-src 'none'",
    "object-src 'none'",
  ].join('; ');
}

export function webviewPage(options: WebviewPageOptions): string {
  const nonce = options.nonce ?? newNonce();
  return `<!DOCTYPE html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta http-equiv="Content-Security-Policy" content="${escapeAttribute(contentSecurityPolicy(options.cspSource, nonce, options.allowImages))}">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeText(options.title)}</title>
<style nonce="${nonce}">${PREVIEW_STYLES}</style>
</head>
<body class="fieldwise-busy">
<div id="banner" role="alert" hidden></div>
<main id="content"></main>
<script nonce="${nonce}">${PREVIEW_SCRIPT}</script>
</body>
</html>`;
}

function escapeText(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
}

function escapeAttribute(text: string): string {
  return escapeText(text).replace(/"/g, '&quot;');
}
