import { expect } from '@open-wc/testing';
import { setupI18n } from '@lingui/core';
import { countText, countValues, pluralCategory } from '../src/i18n/count';
import { LANGUAGES } from '../src/preferences/defaults';
import { messages as ar } from '../locales/ar/messages';
import { messages as de } from '../locales/de/messages';
import { messages as en } from '../locales/en/messages';
import { messages as es } from '../locales/es/messages';
import { messages as pt } from '../locales/pt/messages';

describe('counts in messages (no Intl.NumberFormat for small counts)', () => {
  it('writes every count as Intl.NumberFormat does, in every language', () => {
    const counts = [...Array(1201).keys(), 9999, 10000, 12345, 1000000, 2.5, -3];
    for (const locale of LANGUAGES) {
      const intl = new Intl.NumberFormat(locale);
      for (const n of counts) expect(countText(locale, n), `${locale} ${n}`).to.equal(intl.format(n));
    }
  });

  it('picks the plural category of each language', () => {
    const picks = (locale: string) => [0, 1, 2, 3, 11, 100, 1000].map((n) => pluralCategory(locale, n)).join(' ');
    expect(picks('en')).to.equal('other one other other other other other');
    expect(picks('de')).to.equal('other one other other other other other');
    expect(picks('ar')).to.equal('zero one two few many other other');
  });

  it('the menu count message reads the same as a plural with # would, in every language', () => {
    const catalogs = { en, es, de, ar, pt };
    const plural = {
      en: '{count, plural, one {# video} other {# videos}}',
      es: '{count, plural, one {# vídeo} other {# vídeos}}',
      de: '{count, plural, one {# Video} other {# Videos}}',
      pt: '{count, plural, one {# vídeo} other {# vídeos}}',
      ar:
        '{count, plural, zero {لا فيديوهات} one {فيديو واحد} two {فيديوهان} ' +
        'few {# فيديوهات} many {# فيديو} other {# فيديو}}',
    };
    for (const locale of LANGUAGES) {
      const i18n = setupI18n({ locale, messages: { [locale]: catalogs[locale] } });
      const reference = setupI18n({ locale, messages: { [locale]: { ref: plural[locale] } } });
      for (const count of [0, 1, 2, 3, 5, 11, 100, 101, 1000, 1234]) {
        const expected = reference._('ref', { count });
        expect(expected, 'the reference plural is compiled').to.not.contain('{');
        expect(i18n._('menu.itemCount', countValues(locale, count)), `${locale} ${count}`).to.equal(expected);
      }
    }
  });
});
