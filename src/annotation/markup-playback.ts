import { useEffect } from 'react';
import { subscribe } from 'valtio';
import { PLAYER_STATE } from '../playback/timing';
import { isPlayerRoute } from '../routing/navigation';
import type { PlayerHandle } from '../screens/player-context';
import { EDITOR } from './rules';

/**
 * Playback under the overlay: paused on entering (by the registry's enter hook; asking again here is harmless, the
 * pause is taken once per entry), resumed `EDITOR.resumeDelayMs` after leaving (on the player's clock) only if it was
 * playing and the player is still on that item and route, paused, with no dialog open. The item changing (to
 * another defined key: an overlay opened while its item loads takes the item that arrives), or playback starting,
 * under the overlay closes it: its still and drawing belong to the item it opened on.
 */
export function useMarkupPlayback(controller: PlayerHandle, close: () => void): void {
  useEffect(() => {
    const engine = controller.loadedPlayback();
    engine?.enterMarkup();
    const pb0 = controller.state.playback;
    const entry = engine?.markupEntry ?? { playing: false, key: pb0.key, index: pb0.index };
    // Playing again counts only once the pause has taken effect (it is asynchronous).
    let paused = pb0.playerState !== PLAYER_STATE.PLAYING;
    const off = subscribe(controller.state, () => {
      const pb = controller.state.playback;
      if (pb.playerState !== PLAYER_STATE.PLAYING) paused = true;
      // Opened while its item loads (a deep link): the item arriving is the one it opened on, not a change.
      if (entry.key === undefined && pb.key !== undefined) Object.assign(entry, { key: pb.key, index: pb.index });
      const moved = pb.key !== entry.key || pb.index !== entry.index;
      if (moved || (paused && pb.playerState === PLAYER_STATE.PLAYING)) close();
    });
    return () => {
      off();
      if (engine) engine.markupEntry = undefined;
      if (!entry.playing) return;
      controller.clock.setTimeout(() => {
        const pb = controller.state.playback;
        const route = controller.currentRoute();
        const onItem = isPlayerRoute(route);
        const samePlace = onItem && !route.modal && pb.key === entry.key && pb.index === entry.index;
        if (samePlace && pb.ready && pb.playerState === PLAYER_STATE.PAUSED) void controller.command('playVideo');
      }, EDITOR.resumeDelayMs);
    };
    // Once per overlay.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [controller]);
}
