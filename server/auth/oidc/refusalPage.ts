// The page a refused single sign-on lands on: what happened, in words, and the
// way back. Served by the server itself (the panel is not signed in).
const escape = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

export const refusalPage = (title: string, words: string) =>
  `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${escape(title)} · Sourcedesk</title></head>
<body><main><h1>${escape(title)}</h1><p>${escape(words)}</p><p><a href="/sign-in">Back to sign-in</a></p></main></body></html>`;
