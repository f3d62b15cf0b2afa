import type { PlayerController } from '../../app/controller';
import type { ForwardedEventName } from '../../core/events';
import { answerPayload } from './custom-events';

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
  navigate: 'onNavigate',
  analytics: 'onAnalytics',
  playlistend: 'onPlaylistEnd',
  screenshot: 'onScreenshotClick',
  error: 'onError',
};

/**
 * Parse an allow-list: origins separated by spaces or commas; anything that is not an http(s) origin is dropped.
 * Undefined when there is no list (any parent may command); an empty list when one was given but nothing in it
 * is an origin (then no parent may: a typo never opens the player to every page).
 */
export function parseOrigins(raw: string | undefined | null): string[] | undefined {
  if (raw === undefined || raw === null || !raw.trim()) return undefined;
  return raw
    .split(/[\s,]+/)
    .map((o) => {
      try {
        const u = new URL(o);
        return u.protocol === 'http:' || u.protocol === 'https:' ? u.origin : '';
      } catch {
        return '';
      }
    })
    .filter(Boolean);
}

const referrerOrigin = () => {
  try {
    return document.referrer ? new URL(document.referrer).origin : undefined;
  } catch {
    return undefined;
  }
};

/**
 * The postMessage adapter for iframe embedding. Only messages from the parent window are read, only
 * from allowed origins when an allow-list is set; a message without a command name and an id, or with an
 * unknown command, is ignored. Answers go to the sender's exact origin, events to the first allowed
 * origin (else the embedding page's origin from the referrer); never to '*'.
 */
export function attachPostMessage(host: HTMLElement, controller: PlayerController, allowedOrigins: () => string[] | undefined, early: readonly Event[] = []): () => void {
  const win = window;
  const parent = win.parent;
  if (!parent || parent === win) return () => {};

  const onMessage = (event: MessageEvent) => {
    if (event.source !== parent) return;
    const origin = event.origin;
    if (!origin || origin === 'null') return;
    const allowed = allowedOrigins();
    if (allowed && !allowed.includes(origin)) return;
    const data: unknown = event.data;
    if (!data || typeof data !== 'object' || (data as { type?: unknown }).type !== MESSAGE_TYPES.command) return;
    void answerPayload(controller, (data as { payload?: unknown }).payload).then((answer) => {
      if (!answer) return;
      try {
        parent.postMessage({ type: MESSAGE_TYPES.result, payload: answer }, origin);
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
        parent.postMessage({ type: MESSAGE_TYPES.event, payload: { event: messageName, data: (event as CustomEvent).detail ?? null } }, target);
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
