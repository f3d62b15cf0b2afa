import { expect } from '@open-wc/testing';
import { messages as ar } from '../locales/ar/messages';
import { messages as de } from '../locales/de/messages';
import { messages as en } from '../locales/en/messages';
import { messages as es } from '../locales/es/messages';
import { messages as pt } from '../locales/pt/messages';
import { CONTROLLER } from '../src/app/player-app';
import { $, clearStorage, mountPlayer, text, unmountAll, waitFor, flat } from './helpers';


describe('i18n catalogs', () => {
  beforeEach(clearStorage);
  afterEach(unmountAll);

  it('every catalog has every message, translated', () => {
    const ids = Object.keys(en).sort();
    expect(ids.length).to.be.greaterThan(30);
    for (const [lang, cat] of Object.entries({ es, de, ar, pt })) {
      expect(Object.keys(cat).sort(), lang).to.deep.equal(ids);
      for (const id of ids) expect(flat(cat[id]).trim(), `${lang} ${id}`).to.not.equal('');
      // Real translations: most messages differ from English.
      const same = ids.filter((id) => JSON.stringify(cat[id]) === JSON.stringify(en[id]));
      expect(same.length, `${lang} untranslated: ${same.join(', ')}`).to.be.lessThan(ids.length / 5);
    }
  });

  it('switches the interface language per player, right-to-left for Arabic', async () => {
    const el = await mountPlayer({ client: 'demo', language: 'ar' });
    await waitFor(() => $(el, '.shell[dir="rtl"][lang="ar"]'), 'rtl shell');
    expect(text(el, '.menu-heading')).to.equal(flat(ar['menu.browse']));
    el[CONTROLLER].setLanguage('pt');
    await waitFor(() => text(el, '.menu-heading') === flat(pt['menu.browse']), 'Portuguese');
    expect($(el, '.shell')!.getAttribute('dir')).to.equal('ltr');
    el[CONTROLLER].setLanguage('xx');
    await waitFor(() => text(el, '.menu-heading') === flat(en['menu.browse']), 'unknown language falls back to English');
  });
});
