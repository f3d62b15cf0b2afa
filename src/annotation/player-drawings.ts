import type { PlayerHandle } from '../screens/player-context';
import type { AnnotationSurface } from './surface';

/**
 * The annotation overlay's state of each player, kept here (keyed by the player's controller) rather than on the
 * controller: the drawings of the items annotated while the page lives, by playlist and item, and the surface while
 * the overlay is open (tests and the bench read it through the controller).
 */
const drawingsByPlayer = new WeakMap<object, Map<string, string>>();
const surfaces = new WeakMap<object, AnnotationSurface>();

export function drawingsOf(player: object): Map<string, string> {
  let drawings = drawingsByPlayer.get(player);
  if (!drawings) drawingsByPlayer.set(player, (drawings = new Map<string, string>()));
  return drawings;
}

/**
 * Where the drawing of the item on screen is kept while the page lives (per player, per playlist and item; the
 * playlist's code, not its languages, so a language change keeps the drawing).
 */
export function itemKey(player: Pick<PlayerHandle, 'state'>): string | undefined {
  const pb = player.state.playback;
  return pb.playlist ? `${pb.playlist.code}|${pb.index}` : undefined;
}

export const surfaceOf = (player: object): AnnotationSurface | undefined => surfaces.get(player);

/** The overlay's surface opened (`surface`) or closed (undefined) for this player. */
export function keepSurface(player: object, surface: AnnotationSurface | undefined): void {
  if (surface) surfaces.set(player, surface);
  else surfaces.delete(player);
}
