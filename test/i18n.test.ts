import { expect } from '@open-wc/testing';
import { messages as ar } from '../locales/ar/messages';
import { messages as de } from '../locales/de/messages';
import { messages as en } from '../locales/en/messages';
import { messages as es } from '../locales/es/messages';
import { messages as pt } from '../locales/pt/messages';
import { messages as arPlayer } from '../locales/ar/player';
import { messages as dePlayer } from '../locales/de/player';
import { messages as enPlayer } from '../locales/en/player';
import { messages as esPlayer } from '../locales/es/player';
import { messages as ptPlayer } from '../locales/pt/player';
import { messages as arSettings } from '../locales/ar/settings';
import { messages as deSettings } from '../locales/de/settings';
import { messages as enSettings } from '../locales/en/settings';
import { messages as esSettings } from '../locales/es/settings';
import { messages as ptSettings } from '../locales/pt/settings';
import { messages as arSearch } from '../locales/ar/search';
import { messages as deSearch } from '../locales/de/search';
import { messages as enSearch } from '../locales/en/search';
import { messages as esSearch } from '../locales/es/search';
import { messages as ptSearch } from '../locales/pt/search';
import { messages as arAnnotation } from '../locales/ar/annotation';
import { messages as deAnnotation } from '../locales/de/annotation';
import { messages as enAnnotation } from '../locales/en/annotation';
import { messages as esAnnotation } from '../locales/es/annotation';
import { messages as ptAnnotation } from '../locales/pt/annotation';
import { CONTROLLER } from '../src/app/embed-options';
import { $, clearStorage, mountPlayer, text, unmountAll, waitFor, flat } from './helpers';

describe('i18n catalogs', () => {
  beforeEach(clearStorage);
  afterEach(unmountAll);

  it("every catalog has every message, translated (the entry's and the player's)", () => {
    const catalogs = {
      messages: { en, es, de, ar, pt },
      player: { en: enPlayer, es: esPlayer, de: dePlayer, ar: arPlayer, pt: ptPlayer },
      settings: { en: enSettings, es: esSettings, de: deSettings, ar: arSettings, pt: ptSettings },
    };
    for (const [name, { en: source, ...others }] of Object.entries(catalogs)) {
      const ids = Object.keys(source).sort();
      expect(ids.length, name).to.be.greaterThan(name === 'settings' ? 0 : 30);
      for (const [lang, cat] of Object.entries(others)) {
        expect(Object.keys(cat).sort(), `${name} ${lang}`).to.deep.equal(ids);
        for (const id of ids) expect(flat(cat[id]).trim(), `${name} ${lang} ${id}`).to.not.equal('');
        // Real translations: most messages differ from English.
        const same = ids.filter((id) => JSON.stringify(cat[id]) === JSON.stringify(source[id]));
        expect(same.length, `${name} ${lang} untranslated: ${same.join(', ')}`).to.be.lessThan(ids.length / 5);
      }
    }
    // A message used in two places lands in both catalogs; a player loads them into one i18n, the later one winning:
    // both must say the same, in every language (an empty translation would bring back the English).
    const byLanguage = {
      en: [en, enPlayer, enSettings, enSearch, enAnnotation],
      es: [es, esPlayer, esSettings, esSearch, esAnnotation],
      de: [de, dePlayer, deSettings, deSearch, deAnnotation],
      ar: [ar, arPlayer, arSettings, arSearch, arAnnotation],
      pt: [pt, ptPlayer, ptSettings, ptSearch, ptAnnotation],
    };
    for (const [lang, list] of Object.entries(byLanguage)) {
      const seen = new Map<string, string>();
      for (const cat of list as Record<string, unknown>[]) {
        for (const [id, value] of Object.entries(cat)) {
          const text = flat(value);
          if (seen.has(id)) expect(text, `${lang} ${id} differs between catalogs`).to.equal(seen.get(id));
          else seen.set(id, text);
        }
      }
    }
    // The player's texts are not in the entry's catalog.
    expect(Object.keys(en)).to.not.include('controls.seek');
    expect(Object.keys(enPlayer)).to.include('controls.seek');
  });

  it("a modal's strings come from its own catalog, loaded with it, in the visitor's language", async () => {
    const el = await mountPlayer({ client: 'demo', language: 'es' });
    el[CONTROLLER].navigate('/demo/menu/settings/menu/language');
    await waitFor(() => $(el, '.modal fieldset legend'), 'menu language settings');
    expect(el[CONTROLLER].state.catalogs).to.include('settings');
    expect(text(el, '.modal fieldset legend')).to.equal(flat(esSettings['modal.menuLanguage']));
    expect(text(el, '.modal-title')).to.equal(flat(es['modal.menuLanguage']));
  });

  it('switches the interface language per player, right-to-left for Arabic', async () => {
    const el = await mountPlayer({ client: 'demo', language: 'ar' });
    await waitFor(() => $(el, '.shell[dir="rtl"][lang="ar"]'), 'rtl shell');
    expect(text(el, '.menu-heading')).to.equal(flat(ar['menu.browse']));
    el[CONTROLLER].setLanguage('pt');
    await waitFor(() => text(el, '.menu-heading') === flat(pt['menu.browse']), 'Portuguese');
    expect($(el, '.shell')!.getAttribute('dir')).to.equal('ltr');
    el[CONTROLLER].setLanguage('xx');
    await waitFor(
      () => text(el, '.menu-heading') === flat(en['menu.browse']),
      'unknown language falls back to English',
    );
  });
});
