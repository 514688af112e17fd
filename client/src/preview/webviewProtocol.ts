// Messages between the preview panel and its webview script.

export type ToWebview =
  | { type: 'render'; html: string; page: string; pageUrl: string; allowImages: boolean }
  | { type: 'error'; message: string }
  | { type: 'busy'; page: string };

export type FromWebview =
  | { type: 'ready' }
  | { type: 'rendered'; elements: number }
  | { type: 'openLink'; href: string };

export function isFromWebview(value: unknown): value is FromWebview {
  if (typeof value !== 'object' || value === null) return false;
  const message = value as Record<string, unknown>;
  switch (message.type) {
    case 'ready':
      return true;
    case 'rendered':
      return typeof message.elements === 'number';
    case 'openLink':
      return typeof message.href === 'string';
    default:
      return false;
  }
}
