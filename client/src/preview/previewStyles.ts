// The preview's own styles (by nonce), in the editor's theme colours.

export const PREVIEW_STYLES = `
body { font-family: var(--vscode-font-family); font-size: var(--vscode-font-size); color: var(--vscode-foreground);
  background: var(--vscode-editor-background); line-height: 1.5; padding: 0 1.5em 2em; max-width: 60em; }
a { color: var(--vscode-textLink-foreground); }
a:hover { color: var(--vscode-textLink-activeForeground); }
h1, h2, h3, h4, h5, h6 { font-weight: 600; border-bottom: 1px solid var(--vscode-panel-border, transparent); padding-bottom: 0.2em; }
table { border-collapse: collapse; margin: 1em 0; }
th, td { border: 1px solid var(--vscode-panel-border, #8884); padding: 0.25em 0.6em; }
pre, code { font-family: var(--vscode-editor-font-family); background: var(--vscode-textCodeBlock-background); }
pre { padding: 0.6em; overflow-x: auto; }
blockquote { border-left: 4px solid var(--vscode-textBlockQuote-border); margin-left: 0; padding-left: 1em; }
img { max-width: 100%; }
.fieldwise-image-placeholder { color: var(--vscode-descriptionForeground); font-style: italic; }
#banner { position: sticky; top: 0; margin: 0 -1.5em 1em; padding: 0.6em 1.5em; white-space: pre-wrap;
  color: var(--vscode-errorForeground); background: var(--vscode-inputValidation-errorBackground);
  border-bottom: 1px solid var(--vscode-inputValidation-errorBorder); }
body.fieldwise-failed #content { opacity: 0.5; }
body.fieldwise-busy #content { opacity: 0.8; }
`;
