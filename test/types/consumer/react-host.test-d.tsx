/**
 * A React 19 host's TypeScript: importing the package declares `<patient-ed-player>` in React's JSX. Compiled against
 * dist/types (npm run typecheck:consumer) and against the installed tarball with `@types/react`
 * (scripts/check-package.mjs). Each `@ts-expect-error` line must fail to compile.
 */
import { createRef, useRef, type Ref } from 'react';
import 'patient-ed-player';
import type {
  PatientEdPlayerElement,
  PatientEdPlayerJsxProps,
  PlayerEventMap,
  PlayerJsxAttributes,
} from 'patient-ed-player';

type Equal<A, B> = (<T>() => T extends A ? 1 : 2) extends <T>() => T extends B ? 1 : 2 ? true : false;
const assert = <T extends true>(value?: T) => value;

const url = 'https://provider.example/';

export function Player({ code, forwarded }: { code: string; forwarded: Ref<PatientEdPlayerElement> }) {
  const ref = useRef<PatientEdPlayerElement>(null);
  const onState = (e: CustomEvent<PlayerEventMap['statechange']>) => e.detail.state;
  return (
    <>
      <patient-ed-player
        ref={ref}
        id="player"
        className="player"
        client="demo"
        code={code}
        provider-url={url}
        font-size="125"
        captions="off"
        allowed-origins="https://clinic.example"
        onstatechange={onState}
        onerror={(e) => assert<Equal<typeof e.detail.code, import('patient-ed-player').PlayerErrorCode>>()}
        onready={(e) => e.detail.screen}
      />
      <patient-ed-player ref={forwarded} />
      <patient-ed-player ref={createRef<PatientEdPlayerElement>()} />
      <patient-ed-player
        ref={(el) => {
          void el?.pauseVideo();
          return () => undefined;
        }}
      />
      <button type="button" onClick={() => void ref.current?.seekTo(30)} />
    </>
  );
}

export const wrong = [
  // @ts-expect-error a misspelled attribute without a hyphen
  <patient-ed-player clinet="demo" />,
  // @ts-expect-error attributes are strings
  <patient-ed-player font-size={125} />,
  // @ts-expect-error no `style`: the player is styled from the page's stylesheet (strict CSP), docs/api.md
  <patient-ed-player style={{ width: '100%' }} />,
  // @ts-expect-error the ref must be able to hold the player
  <patient-ed-player ref={createRef<HTMLVideoElement>()} />,
  // @ts-expect-error the detail of `navigate` has no `state`
  <patient-ed-player onnavigate={(e) => e.detail.state} />,
];

// A misspelled name WITH a hyphen compiles in JSX: TypeScript does not check hyphenated JSX attribute names against
// the element's type (its rule for data-* and aria-*), so `<patient-ed-player provider-ulr={url} />` passes. An
// object literal checked with `satisfies` is checked name by name; spread it onto the element.
const attributes = { client: 'demo', 'provider-url': url, 'font-size': '125' } satisfies PlayerJsxAttributes;
export const checked = [
  <patient-ed-player {...attributes} />,
  <patient-ed-player
    {...({ client: 'demo', 'provider-url': url, onready: (e) => e.detail.route } satisfies PatientEdPlayerJsxProps)}
  />,
  // @ts-expect-error a misspelled hyphenated attribute, in a `satisfies` object
  <patient-ed-player {...({ client: 'demo', 'provider-ulr': url } satisfies PatientEdPlayerJsxProps)} />,
  // @ts-expect-error a misspelled hyphenated attribute, in a `satisfies` object
  <patient-ed-player {...({ 'font-szie': '125' } satisfies PlayerJsxAttributes)} />,
];
