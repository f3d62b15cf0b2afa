import r2wc from '@r2wc/react-to-web-component';
import { CONTROLLER, PlayerApp } from '../app/player-app';
import { PlayerController } from '../app/controller';
import { ELEMENT_EVENTS, ELEMENT_PROPS } from './attributes';
import { baseSheet } from './styles';

export const TAG_NAME = 'patient-ed-player';

// r2wc keeps its props and render method under these registered symbols.
const R2WC_PROPS = Symbol.for('r2wc.props');
const R2WC_RENDER = Symbol.for('r2wc.render');

const Base = r2wc(PlayerApp, {
  shadow: 'open',
  props: Object.fromEntries(ELEMENT_PROPS.map((p) => [p, 'string'])) as never,
  events: ELEMENT_EVENTS as never,
});

/**
 * `<patient-ed-player>`: an embeddable patient-education player.
 *
 * @element patient-ed-player
 * @attr client - Client (practice) id.
 * @attr code - What to open: a playlist code, or a menu code (L_, C_, G_ ..., root).
 * @attr language - Sets menu, caption and voice-over languages (en, es, de, ar, pt).
 * @attr provider-url - Base URL of the content provider's API.
 * @fires ready - Once the first screen has rendered. detail: { route, screen }.
 */
export class PatientEdPlayerElement extends (Base as unknown as typeof HTMLElement) {
  declare client: string | undefined;
  declare code: string | undefined;
  declare language: string | undefined;
  declare providerUrl: string | undefined;
  readonly [CONTROLLER] = new PlayerController(this);

  constructor() {
    super();
    const root = this.shadowRoot!;
    root.adoptedStyleSheets = [baseSheet(), this[CONTROLLER].dynamicSheet];
  }

  /**
   * r2wc ignores removed attributes (null values); a removed attribute must reset its property so that,
   * for example, removing `code` re-routes to the menu and removing `captions` drops that option.
   */
  attributeChangedCallback(name: string, old: string | null, value: string | null): void {
    const base = Base.prototype as unknown as { attributeChangedCallback(n: string, o: string | null, v: string | null): void };
    base.attributeChangedCallback.call(this, name, old, value);
    if (value !== null) return;
    const prop = name.replace(/-([a-z])/g, (_, c: string) => c.toUpperCase());
    const self = this as unknown as Record<symbol, unknown> & { [R2WC_PROPS]: Record<string, unknown> };
    if (!(prop in self[R2WC_PROPS])) return;
    delete self[R2WC_PROPS][prop];
    (self[R2WC_RENDER] as () => void).call(this);
  }

  /** The in-memory location path (for hosts and tests; the page URL is never touched). */
  get currentPath(): string {
    return this[CONTROLLER].path;
  }
}

/** Define the element once; loading the script twice is harmless. */
export function definePlayer(registry: CustomElementRegistry = customElements): void {
  if (!registry.get(TAG_NAME)) registry.define(TAG_NAME, PatientEdPlayerElement);
}

declare global {
  interface HTMLElementTagNameMap {
    'patient-ed-player': PatientEdPlayerElement;
  }
}
