/**
 * Where a page's copies of the player meet (src/core/page-slot.ts): the registry, or the window when the page froze
 * the registry before any copy wrote there. The embedding test "a page that froze its element registry" plays the
 * built player on such a page.
 */
import { expect } from '@open-wc/testing';
import { slotHolder } from '../src/core/page-slot';

const KEY = Symbol.for('patient-ed-player.test-slot');

describe('the slot the copies of the player share (slotHolder)', () => {
  it('is the registry while the page leaves it open, and what a copy put there stays there', () => {
    const registry: Record<symbol, unknown> = {};
    const win = {};
    const holder = slotHolder(KEY, registry, win);
    expect(holder).to.equal(registry);
    holder[KEY] = 'first copy';
    // The page freezes it afterwards: a later copy reads the first copy's, where it is.
    Object.freeze(registry);
    expect(slotHolder(KEY, registry, win)).to.equal(registry);
    expect(slotHolder(KEY, registry, win)[KEY]).to.equal('first copy');
  });

  it('is the window when the page froze (or sealed, or closed) the registry before any copy', () => {
    for (const close of [Object.freeze, Object.seal, Object.preventExtensions]) {
      const registry = close({});
      const win: Record<symbol, unknown> = {};
      const holder = slotHolder(KEY, registry, win);
      expect(holder, close.name).to.equal(win);
      holder[KEY] = 'copy';
      expect(slotHolder(KEY, registry, win)[KEY], 'the next copy finds it').to.equal('copy');
      expect(Object.keys(win), 'a symbol, no name').to.deep.equal([]);
    }
  });

  it("is this page's registry by default", () => {
    expect(slotHolder(KEY)).to.equal(customElements);
  });
});
