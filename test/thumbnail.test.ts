import { expect } from '@open-wc/testing';
import { createElement } from 'react';
import { createRoot } from 'react-dom/client';
import { IMAGE_TIMEOUT_MS, Thumbnail } from '../src/ui/thumbnail';
import { FakeClock } from './fake-clock';
import { cleanPlayersAndFaults, FAULT_PROVIDER_URL, hangNext, nextTask, waitFor } from './helpers';

describe('thumbnails', () => {
  cleanPlayersAndFaults();

  it('a thumbnail that does not arrive becomes its text tile at the time limit, on the given clock', async () => {
    // The image stalls after its headers: only the time limit can end the wait.
    await hangNext('/static/thumbs/knee-overview_1280.jpg?thumbnail-stall=1', 0);
    const clock = new FakeClock();
    const slot = document.createElement('div');
    // In view whatever else the page holds: a thumbnail is requested only near the viewport.
    Object.assign(slot.style, { position: 'fixed', top: '0', left: '0', width: '200px', height: '120px' });
    document.body.append(slot);
    const root = createRoot(slot);
    try {
      // A URL of its own (the query): no earlier test's answer in the browser's cache can stand in for the stalled one.
      const src = new URL('static/thumbs/knee-overview_1280.jpg?thumbnail-stall=1', FAULT_PROVIDER_URL).href;
      root.render(createElement(Thumbnail, { src, fallbackText: 'Knee', clock }));
      // The image element appears once the tile is near the viewport; it stays loading (its answer stalls).
      const img = await waitFor(() => slot.querySelector<HTMLImageElement>('img[data-thumb]'), 'requested', 20000);
      expect(img.dataset.thumb, 'loading').to.equal('loading');
      await nextTask();
      clock.tick(IMAGE_TIMEOUT_MS - 1);
      await nextTask();
      expect(img.isConnected && img.dataset.thumb, 'still loading just before the limit').to.equal('loading');
      clock.tick(1);
      const tile = await waitFor(() => slot.querySelector('[data-thumb="fallback"]'), 'the text tile');
      expect(tile.textContent).to.equal('KN');
    } finally {
      root.unmount();
      slot.remove();
    }
  });
});
