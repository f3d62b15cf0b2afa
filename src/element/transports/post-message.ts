import type { PlayerController } from '../../app/controller';
import type { ForwardedEventName } from '../../core/events';
import { answerPayload, type CommandAnswer } from './custom-events';

export const MESSAGE_TYPES = {
  command: 'patient-ed-player:command',
  result: 'patient-ed-player:result',
  event: 'patient-ed-player:event',
} as const;

/** Element events forwarded to the embedding page, by their message names. */
export const FORWARDED_EVENTS: Record<ForwardedEventName, string> = {
  ready: 'onReady',
  statechange: 'onStateChange',
  volumechange: 'onVolumeChange',
  ratechange: 'onRateChange',
  navigate: 'onNavigate',
  analytics: 'onAnalytics',
  playlistend: 'onPlaylistEnd',
  screenshot: 'onScreenshotClick',
  error: 'onError',
};

/**
 * Parse an allow-list: origins separated by spaces or commas; anything that is not an http(s) origin is dropped.
 * Undefined when there is no list (any parent may command); an empty list when one was given but nothing in it
 * is an origin (then no parent may: a typo never opens the player to every page). `warn` hears of each entry that
 * is dropped, or that says more than an origin (a path, a query), of which only the origin counts.
 */
export function parseOrigins(
  raw: string | undefined | null,
  warn?: (entry: string, problem: string) => void,
): string[] | undefined {
  if (raw === undefined || raw === null || !raw.trim()) return undefined;
  const origins: string[] = [];
  for (const entry of raw.split(/[\s,]+/)) {
    if (!entry) continue;
    let url: URL | undefined;
    try {
      url = new URL(entry);
    } catch {
      /* not a URL at all (no scheme): dropped below */
    }
    if (url?.protocol !== 'http:' && url?.protocol !== 'https:') {
      warn?.(entry, 'is not an http(s) origin and is ignored (write it as https://host or http://host:port)');
      continue;
    }
    if (url.href !== `${url.origin}/`) warn?.(entry, `is more than an origin: only ${url.origin} counts`);
    origins.push(url.origin);
  }
  return origins;
}

/** Longest JSON text read as a command (64 KiB): a longer string is ignored without being parsed. */
export const MAX_JSON_LENGTH = 64 * 1024;

type ParsedCommand = { payload: unknown; typed: boolean; json: boolean };

/** JSON text parsed (64 KiB at most), anything else as it is; undefined for text that is not JSON or too long. */
function fromJson(data: unknown): { value: unknown; json: boolean } | undefined {
  if (typeof data !== 'string') return { value: data, json: false };
  if (data.length > MAX_JSON_LENGTH) return undefined;
  try {
    return { value: JSON.parse(data), json: true };
  } catch {
    return undefined;
  }
}

/**
 * The command a message carries, in any of the accepted shapes: the typed envelope
 * `{ type: 'patient-ed-player:command', payload: { command, id, ...args } }`, or the spec's plain
 * `{ command, id, ...args }`, at the top level or in `payload`; the message, or its payload, as an object or as its
 * JSON text (as many hosts send it). A message with another `type` belongs to another protocol (or is one of our
 * own answers).
 */
function readRequest(data: unknown): ParsedCommand | undefined {
  const message = fromJson(data);
  if (!message || !message.value || typeof message.value !== 'object') return undefined;
  const { type, command, payload } = message.value as Record<string, unknown>;
  if (type !== undefined && type !== MESSAGE_TYPES.command) return undefined;
  const inner = type === undefined && command !== undefined ? { value: message.value } : fromJson(payload);
  if (!inner) return undefined;
  return { payload: inner.value, typed: type !== undefined, json: message.json };
}

/**
 * The answer in a shape its sender recognises: the typed envelope's as it always was; a plain command's with its
 * `id` and `result` (or `error`) at the top level too, for hosts that match answers on `data.id`; JSON text for
 * JSON text.
 */
function answerMessage(request: ParsedCommand, answer: CommandAnswer): unknown {
  const message = request.typed
    ? { type: MESSAGE_TYPES.result, payload: answer }
    : { type: MESSAGE_TYPES.result, payload: answer, ...answer };
  return request.json ? JSON.stringify(message) : message;
}

/**
 * At most this many console warnings of each kind (allow-list entries, refused origins) per element, so that a
 * flood of hostile messages cannot flood the console, and a long list of bad entries cannot hide the refused origin.
 */
const MAX_WARNINGS = 5;
/** The warnings each element has given, by key: each is given once, even when the element is connected again. */
const warned = new WeakMap<object, Set<string>>();

const referrerOrigin = () => {
  try {
    return document.referrer ? new URL(document.referrer).origin : undefined;
  } catch {
    return undefined;
  }
};

/**
 * The postMessage adapter for iframe embedding. Only messages from the parent window are read, only
 * from allowed origins when an allow-list is set (`allowList` gives the raw `allowed-origins` text); a message
 * without a command name and an id, or with an unknown command, is ignored. Answers go to the sender's exact
 * origin, events to the first allowed origin (else the embedding page's origin from the referrer); never to '*'.
 * A mistaken allow-list would fail silently: its bad entries, and the origins it refuses a command, are named in
 * the console, once each.
 */
export function attachPostMessage(
  host: HTMLElement,
  controller: PlayerController,
  allowList: () => string | undefined | null,
  early: readonly Event[] = [],
): () => void {
  const win = window;
  const parent = win.parent;
  if (!parent || parent === win) return () => {};

  const given = warned.get(host) ?? new Set<string>();
  warned.set(host, given);
  const kindOf = (key: string) => key.slice(0, key.indexOf(' '));
  const silenced = (key: string) =>
    given.has(key) || [...given].filter((k) => kindOf(k) === kindOf(key)).length >= MAX_WARNINGS;
  const warn = (key: string, text: string) => {
    if (silenced(key)) return;
    given.add(key);
    console.warn(`patient-ed-player: ${text}`);
  };
  const allowedOrigins = () => {
    const allowed = parseOrigins(allowList(), (entry, problem) => {
      const shown = entry.length > 100 ? `${entry.slice(0, 100)}…` : entry;
      warn(`entry ${shown}`, `allowed-origins entry "${shown}" ${problem}`);
    });
    if (allowed?.length === 0)
      warn('list empty', 'allowed-origins has no http(s) origin: no page may command the player');
    return allowed;
  };
  // The allow-list is never read from the page's URL, which the site that frames the player writes (it could leave
  // the list out): a list left there is named.
  if (allowList() == null && new URLSearchParams(win.location.search).has('allowed-origins')) {
    warn(
      'url list',
      "the allowed-origins parameter of the page's URL is ignored (the framing site writes that URL): " +
        "set the allowed-origins attribute in the embed page's markup",
    );
  }
  // Said at once, not at the first message: the embed is being set up now. A host that waits for `ready` before it
  // sends anything would otherwise never hear why nothing comes.
  const framing = referrerOrigin();
  const allowedAtStart = allowedOrigins();
  if (framing && allowedAtStart && !allowedAtStart.includes(framing)) {
    warn(
      `origin ${framing}`,
      `the page that frames the player (${framing}) is not in allowed-origins: ` +
        'its commands are ignored and its events go elsewhere',
    );
  }

  const onMessage = (event: MessageEvent) => {
    if (event.source !== parent) return;
    const origin = event.origin;
    if (!origin || origin === 'null') return;
    const allowed = allowedOrigins();
    const refused = !!allowed && !allowed.includes(origin);
    // A refused origin's messages are not read, but the first command from it is named (and read for that only).
    if (refused && silenced(`origin ${origin}`)) return;
    const request = readRequest(event.data);
    if (!request) return;
    if (refused) {
      const command = (request.payload as { command?: unknown } | null | undefined)?.command;
      if (typeof command === 'string')
        warn(`origin ${origin}`, `a command from ${origin} was ignored: that origin is not in allowed-origins`);
      return;
    }
    void answerPayload(controller, request.payload).then((answer) => {
      if (!answer) return;
      try {
        parent.postMessage(answerMessage(request, answer), origin);
      } catch {
        /* a result that cannot be cloned, or a parent gone: nothing to do */
      }
    });
  };

  // Events: to the embedding page's origin when the allow-list admits it (or there is none), else to the
  // first allowed origin.
  const eventTarget = () => {
    const allowed = allowedOrigins();
    const embedding = referrerOrigin();
    if (embedding && (!allowed || allowed.includes(embedding))) return embedding;
    return allowed?.[0];
  };
  const forwards = new Map<string, (event: Event) => void>();
  const forwarders = Object.entries(FORWARDED_EVENTS).map(([name, messageName]) => {
    const forward = (event: Event) => {
      const target = eventTarget();
      if (!target || event.target !== host) return;
      try {
        parent.postMessage(
          {
            type: MESSAGE_TYPES.event,
            payload: { event: messageName, data: (event as CustomEvent<unknown>).detail ?? null },
          },
          target,
        );
      } catch {
        /* ignore */
      }
    };
    forwards.set(name, forward);
    host.addEventListener(name, forward);
    return () => host.removeEventListener(name, forward);
  });
  win.addEventListener('message', onMessage);
  // What came before this module loaded, in order: the parent's messages and the player's events.
  for (const event of early) {
    if (event instanceof MessageEvent) onMessage(event);
    else forwards.get(event.type)?.(event);
  }
  return () => {
    win.removeEventListener('message', onMessage);
    for (const off of forwarders) off();
  };
}
