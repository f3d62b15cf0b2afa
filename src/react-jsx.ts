/**
 * `<patient-ed-player>` in React 19 JSX (types only: nothing here reaches the bundle).
 *
 * React 19 passes a custom element's props through: a prop the element has as a property (`client`,
 * `code`, ...) is set as that property, which r2wc reflects to the attribute; any other (`provider-url`,
 * `font-size`, ...) is set as an attribute; a function prop `on<event>` is added as a listener of
 * `<event>` (`onstatechange` -> `statechange`). The attribute names are derived from the same tables as
 * the element's (src/element/attributes.ts), so the two cannot drift.
 *
 * @example
 * const ref = useRef<PatientEdPlayerElement>(null);
 * <patient-ed-player ref={ref} client="demo" code="A_DEMO_VIDEO" provider-url="https://provider.example/"
 *   onstatechange={(e) => console.log(e.detail.state)} />
 */
import type { PlayerPropName } from './element/attributes';
import type { PlayerEventMap, PlayerEventName } from './core/events';
import type { PatientEdPlayerElement } from './element/player-element';

/** camelCase -> kebab-case, as r2wc names attributes (`providerUrl` -> `provider-url`). */
type Kebab<S extends string> = S extends `${infer C}${infer Rest}`
  ? `${C extends Lowercase<C> ? C : `-${Lowercase<C>}`}${Kebab<Rest>}`
  : S;

/** Every attribute of `<patient-ed-player>`: the kebab-case props plus `allowed-origins` (postMessage allow-list). */
export type PlayerAttributeName =
  | Kebab<PlayerPropName>
  | 'allowed-origins'
  | 'search-app-id'
  | 'search-api-key'
  | 'search-index'
  | 'search-host'
  | 'search-operator';

/** Attributes are strings, as in HTML (`font-size="125"`, `captions="off"`). */
export type PlayerJsxAttributes = { [A in PlayerAttributeName]?: string };

/** React 19 adds `on<event>` function props of a custom element as listeners of `<event>`. */
export type PlayerJsxEventProps = {
  [E in PlayerEventName as `on${E}`]?: (event: CustomEvent<PlayerEventMap[E]>) => void;
};

/**
 * React's `Ref<PatientEdPlayerElement>` (a ref object or a callback ref, which may return its cleanup), written out:
 * the declarations import nothing from React, so a host without `@types/react` (no React at all) compiles them; with
 * it, the `declare module 'react'` below adds the element to React's JSX.
 */
export type PlayerRef =
  | { bivarianceHack(instance: PatientEdPlayerElement | null): void | (() => void) }['bivarianceHack']
  | { current: PatientEdPlayerElement | null }
  | null;

/**
 * Props of `<patient-ed-player>` in JSX.
 *
 * TypeScript does not report an unknown JSX attribute whose name has a hyphen (`provider-ulr="..."` compiles: its
 * rule for `data-*` and `aria-*` names, which no element type can change). Names without one (`clinet`) are checked.
 * To have every name checked, spread an object literal checked with `satisfies`:
 * `<patient-ed-player {...({ client: 'demo', 'provider-url': url } satisfies PatientEdPlayerJsxProps)} />`.
 *
 * There is no `style` prop: the player runs under a Content-Security-Policy without `'unsafe-inline'` (it sets no
 * `style` attributes itself), and a `style` prop is a `style` attribute in server-rendered HTML, which such a policy
 * blocks. Style it from the page's stylesheet instead: the `--ped-*` custom properties, `::part()` rules and a
 * `className` (on it or on a wrapper), or the `color`, `scale` and `font-size` attributes (docs/api.md).
 */
export interface PatientEdPlayerJsxProps extends PlayerJsxAttributes, PlayerJsxEventProps {
  ref?: PlayerRef;
  id?: string;
  className?: string;
  hidden?: boolean;
}

declare module 'react' {
  // React declares its JSX types in a namespace; adding an element to them can only be done by merging into it.
  // eslint-disable-next-line @typescript-eslint/no-namespace
  namespace JSX {
    interface IntrinsicElements {
      'patient-ed-player': PatientEdPlayerJsxProps;
    }
  }
}
