// The page a visitor gets after sending the contact form without JavaScript (and after a form
// another website made the browser send, server/http/origin.ts): the build's message page
// (dist/_server/message.html: site header, footer, call button) with a title and a text filled
// in, in the words of data/messages.yaml.
import { MESSAGE_TOKENS } from '../../core/build-server-contract.ts';
import { escapeMarkup as escapeHtml } from '../../core/escape.ts';
import type { ContactFormVariant } from '../../core/forms/contact.ts';
import type { ApiContext } from '../context.ts';

type PageContext = Pick<ApiContext, 'messagePage'>;

/**
 * The build's message page (site header, footer, call button) with the title and the body's
 * HTML filled in, or a bare page when the build wrote none.
 */
export function resultPage(context: PageContext, title: string, body: string): string {
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

/** The message was stored: the thanks. */
export function sentPage(context: PageContext & Pick<ApiContext, 'messages'>): string {
  const { sent } = context.messages.contact;
  return resultPage(context, sent.title, `<p>${escapeHtml(sent.text)}</p>`);
}

/** It was not: why, the message of each field that failed, and the way back to the form it came from. */
export function failedPage(context: PageContext & Pick<ApiContext, 'messages'>, form: ContactFormVariant, error: string, fields: Record<string, string> = {}): string {
  const words = context.messages.contact;
  const items = Object.values(fields)
    .map((message) => `<li>${escapeHtml(message)}</li>`)
    .join('');
  const back = `<p><a href="${form === 'home' ? '/' : '/kontakt'}">${escapeHtml(words.back)}</a></p>`;
  return resultPage(context, words.failedTitle, `<p>${escapeHtml(error)}</p>${items ? `<ul>${items}</ul>` : ''}${back}`);
}
