// The build's page for short messages to a visitor (dist/_server/message.html: site header,
// footer, call button) with a title and a text filled in; the answer to a plain form POST.
import { MESSAGE_TOKENS } from '../../core/build-server-contract.ts';
import type { ApiContext } from '../context.ts';
import { escapeMarkup as escapeHtml } from '../../core/escape.ts';

/**
 * The answer to a plain form POST: the build's message page (site header, footer, call button)
 * with the title and text filled in, or a bare page when the build wrote none.
 */
export function resultPage(context: Pick<ApiContext, 'messagePage'>, title: string, body: string): string {
  if (context.messagePage) {
    // Replaced by functions: "$" in a visitor's text must not act as a replacement pattern.
    return context.messagePage.replaceAll(MESSAGE_TOKENS.title, () => escapeHtml(title)).replace(MESSAGE_TOKENS.body, () => body);
  }
  return (
    '<!doctype html><html lang="de"><head><meta charset="utf-8">' +
    '<meta name="viewport" content="width=device-width, initial-scale=1"><meta name="robots" content="noindex">' +
    `<title>${escapeHtml(title)}</title>` +
    '<style>body{font-family:system-ui,sans-serif;max-width:36rem;margin:3rem auto;padding:0 1rem;line-height:1.5}</style>' +
    `</head><body><main><h1>${escapeHtml(title)}</h1>${body}</main></body></html>`
  );
}
