/** The element's options (attributes, or the host page's query) applied to its controller; no React here. */
import { parseTimeout } from '../content/http';
import type { PlayerController } from './controller';
import { CONTROLLER } from '../core/controller-key';
import { embedOptions, hostsOf, type EmbedProps } from './embed-route';
import { SDK_ATTRIBUTES, sdkUrlFromMarkup, type SdkKind } from '../playback/sdk-urls';

/** Props r2wc passes: every attribute as a string, plus the ready dispatcher and the shadow root. */
export interface PlayerAppProps extends EmbedProps {
  container?: ShadowRoot | HTMLElement;
  youtubeApiUrl?: string;
  vimeoApiUrl?: string;
  embedUrl?: string;
  contextMenu?: string;
  requestTimeout?: string;
  onReady?: (detail: { route: string; screen: string }) => void;
}

/** The `context-menu` option: the browser's own menu stays unless it is off, 0 or false. */
export const contextMenuAllowed = (value: string | undefined) => !/^(off|0|false)$/i.test(value ?? '');

/** The host element's controller is reached through the shadow root's host. */
export { CONTROLLER };
export type ControllerHost = HTMLElement & { [CONTROLLER]: PlayerController };

/**
 * The SDK URLs of the attributes that the player may load (src/playback/sdk-urls.ts): another host is refused, and
 * named once in the console with the way to allow it (the property, set from script).
 */
function sdkUrlsFromMarkup(controller: PlayerController, props: PlayerAppProps) {
  const page = globalThis.location?.href ?? 'http://localhost/';
  const scripts: Partial<Record<SdkKind, string>> = {};
  for (const [kind, raw] of [
    ['youtube', props.youtubeApiUrl],
    ['vimeo', props.vimeoApiUrl],
  ] as const) {
    const url = sdkUrlFromMarkup(kind, raw, page, (refused) => {
      if (controller.toldScripts.has(refused)) return;
      controller.toldScripts.add(refused);
      const property = kind === 'youtube' ? 'youtubeApiUrl' : 'vimeoApiUrl';
      console.warn(
        `patient-ed-player: ${SDK_ATTRIBUTES[kind]}="${refused.slice(0, 200)}" ignored: from markup only the ` +
          "vendor's own URL or this page's origin is loaded. " +
          `Set the ${property} property from script for another host.`,
      );
    });
    if (url) scripts[kind] = url;
  }
  return scripts;
}

/**
 * Apply the element's options to its controller: provider hosts, SDK URLs, query options, and the
 * route when client or code changed. Idempotent. The element calls it as it connects, so the first
 * requests start before React renders anything, and again on every change of an attribute (before or after the
 * interface chunk has arrived): React only renders what the controller decided.
 */
export function applyEmbedOptions(controller: PlayerController, props: PlayerAppProps): void {
  const embed = embedOptions(props);
  controller.requestTimeout = parseTimeout(props.requestTimeout);
  controller.setHosts(hostsOf(props));
  controller.embedPage = props.embedUrl;
  controller.scriptAttributes = sdkUrlsFromMarkup(controller, props);
  // A share link in the page's URL for this player's client: read once (its reader is a chunk of its own, loaded
  // only when the URL has one; the first route waits for it); its languages join the options.
  if (controller.shared === undefined && embed.client) {
    const search = globalThis.location?.search ?? '';
    if (!search.includes('ped-client=')) controller.shared = null;
    else {
      const client = embed.client;
      void import('../content/share-link')
        .then(
          (m) => (controller.shared = m.readShareLink(search, client) ?? null),
          () => (controller.shared = null),
        )
        .then(() => applyEmbedOptions(controller, props));
      return;
    }
  }
  const shared = controller.shared;
  const languages: [string, string][] = [];
  for (const key of ['menuLanguage', 'voLanguage', 'ccLanguage'] as const)
    if (shared?.[key]) languages.push([key, shared[key]]);
  controller.setQueryOptions([...embed.options, ...languages]);
  // The controller remembers what it routed to, so moving the element keeps the visitor's place.
  const routeKey = `${embed.client ?? ''}\u0000${embed.code ?? ''}`;
  if (controller.routedKey === routeKey) return;
  const first = controller.routedKey === undefined;
  controller.routedKey = routeKey;
  // The first route opens what a share link names (whatever `code` says); a later code change wins.
  if (first && shared?.code) controller.openShared(shared);
  controller.route(first && shared?.code ? { ...embed, code: shared.code } : embed, first);
}
