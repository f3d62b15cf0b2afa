import { useLingui } from '@lingui/react';
import { useEffect } from 'react';
import { usePlayer } from './player-context';

/** The product's brand name (used in the client-error heading unless a reseller brand is set). */
export const BRAND_NAME = 'PatientEd';
export const SUPPORT_URL = 'https://patient-ed-player.org/support';
export const CONTACT_URL = 'https://patient-ed-player.org/contact';

/** Client-error screen: shown when the client is missing or unknown. */
const ERROR_CSS = /* css */ `
.error-screen { max-width: 40em; margin: 2em auto; text-align: center; }
.error-heading { color: #8a1c1c; }
.error-screen a { color: #1f4fbf; }
`;

export function ErrorScreen({ brand }: { brand?: string }) {
  const { i18n } = useLingui();
  const { reportRendered, controller } = usePlayer();
  controller.adoptStyles('error', ERROR_CSS);
  useEffect(() => reportRendered('error'), [reportRendered]);
  const support = (
    <a key="support" href={SUPPORT_URL} target="_blank" rel="noopener noreferrer">
      {i18n._({ id: 'clientError.support', message: 'visit our support section' })}
    </a>
  );
  const contact = (
    <a key="contact" href={CONTACT_URL} target="_blank" rel="noopener noreferrer">
      {i18n._({ id: 'clientError.contact', message: 'contact us' })}
    </a>
  );
  // Split the translated sentence around its placeholders so the links stay real elements.
  const sentence = i18n._({
    id: 'clientError.info',
    message: 'For further information on how to troubleshoot this error, please {support} or {contact}',
    values: { support: '\u0000support\u0000', contact: '\u0000contact\u0000' },
  });
  const parts = sentence
    .split('\u0000')
    .map((part) => (part === 'support' ? support : part === 'contact' ? contact : part));
  return (
    <section className="screen error-screen" data-screen="error">
      <h1 className="error-heading">
        {i18n._({ id: 'clientError.heading', message: '{brand} Error', values: { brand: brand || BRAND_NAME } })}
      </h1>
      <p className="error-text">{i18n._({ id: 'clientError.text', message: 'Client ID not found error' })}</p>
      <p className="error-info">{parts}</p>
    </section>
  );
}
