// The preview's only script, run by nonce: shows sanitized service HTML, keeps the scroll position, hands links to the extension.
// Plain JavaScript in a string because it runs in the webview, not in Node; the e2e suite exercises it in a real webview.

export const PREVIEW_SCRIPT = String.raw`
(function () {
  'use strict';
  const vscode = acquireVsCodeApi();
  const content = document.getElementById('content');
  const banner = document.getElementById('banner');
  let saved = vscode.getState() || {};
  let restoreScroll = typeof saved.scrollY === 'number';

  // Elements that can run code, load other documents or change how the page resolves: dropped with their content.
  const DROPPED = 'script, iframe, frame, frameset, object, embed, applet, base, meta, link, style, noscript, template, portal, form, animate, set';
  const URL_ATTRIBUTES = ['href', 'src', 'xlink:href', 'action', 'formaction', 'poster', 'background', 'data', 'cite'];

  function safeUrl(value, pageUrl) {
    try {
      const url = new URL(value.trim().startsWith('//') ? 'https:' + value.trim() : value, pageUrl);
      return url.protocol === 'http:' || url.protocol === 'https:' ? url.href : undefined;
    } catch (error) {
      return undefined;
    }
  }

  function sanitize(body, pageUrl, allowImages) {
    body.querySelectorAll(DROPPED).forEach(function (element) { element.remove(); });
    body.querySelectorAll('*').forEach(function (element) {
      for (const attribute of Array.from(element.attributes)) {
        const name = attribute.name.toLowerCase();
        if (name.startsWith('on') || name === 'style' || name === 'srcset' || name === 'srcdoc') {
          element.removeAttribute(attribute.name);
        } else if (URL_ATTRIBUTES.includes(name) && /^\s*(javascript|vbscript|data|file|command|vscode[a-z-]*):/i.test(attribute.value)) {
          if (!(name === 'src' && element.localName === 'img' && allowImages && /^\s*data:image\//i.test(attribute.value))) {
            element.removeAttribute(attribute.name);
          }
        }
      }
    });
    body.querySelectorAll('img').forEach(function (image) {
      const source = image.getAttribute('src');
      const url = source && (/^\s*data:image\//i.test(source) ? source : safeUrl(source, pageUrl));
      if (allowImages && url) {
        image.setAttribute('src', url);
      } else {
        const placeholder = document.createElement('span');
        placeholder.className = 'fieldwise-image-placeholder';
        placeholder.textContent = '[image' + (image.getAttribute('alt') ? ': ' + image.getAttribute('alt') : '') + ']';
        placeholder.title = allowImages ? 'image address not allowed' : 'images are off (fieldwise.preview.allowImages)';
        image.replaceWith(placeholder);
      }
    });
  }

  function render(message) {
    // DOMParser builds an inert document: nothing in it runs or loads while it is cleaned.
    const parsed = new DOMParser().parseFromString(message.html, 'text/html');
    sanitize(parsed.body, message.pageUrl, message.allowImages);
    content.replaceChildren.apply(content, Array.from(parsed.body.childNodes).map(function (node) { return document.adoptNode(node); }));
    document.title = message.page;
    content.dataset.pageUrl = message.pageUrl;
    banner.hidden = true;
    banner.textContent = '';
    document.body.classList.remove('fieldwise-busy', 'fieldwise-failed');
    if (restoreScroll) {
      restoreScroll = false;
      window.scrollTo(0, saved.scrollY);
    }
    vscode.postMessage({ type: 'rendered', elements: content.childElementCount });
  }

  function showError(message) {
    banner.textContent = message.message;
    banner.hidden = false;
    document.body.classList.remove('fieldwise-busy');
    document.body.classList.add('fieldwise-failed');
  }

  window.addEventListener('message', function (event) {
    const message = event.data;
    if (!message || typeof message.type !== 'string') return;
    if (message.type === 'render') render(message);
    else if (message.type === 'error') showError(message);
    else if (message.type === 'busy') document.body.classList.add('fieldwise-busy');
  });

  function onLink(event) {
    const anchor = event.target instanceof Element ? event.target.closest('a, area') : null;
    if (!anchor) return;
    // No link navigates the webview itself, whatever attribute carries its address.
    event.preventDefault();
    const href = anchor.getAttribute('href') || anchor.getAttribute('xlink:href') || '';
    if (href === '') return;
    if (href.startsWith('#')) {
      const target = document.getElementById(decodeURIComponent(href.slice(1)));
      if (target) target.scrollIntoView();
      return;
    }
    vscode.postMessage({ type: 'openLink', href: href });
  }
  document.addEventListener('click', onLink, true);
  document.addEventListener('auxclick', onLink, true);

  let pending = false;
  window.addEventListener('scroll', function () {
    if (pending) return;
    pending = true;
    requestAnimationFrame(function () {
      pending = false;
      saved = Object.assign({}, saved, { scrollY: window.scrollY });
      vscode.setState(saved);
    });
  }, { passive: true });

  vscode.postMessage({ type: 'ready' });
})();
`;
