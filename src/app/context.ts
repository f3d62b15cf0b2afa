import { createContext, useContext } from 'react';
import type { ProviderApi } from '../content/provider';
import type { PlayerController } from './controller';

export interface PlayerContextValue {
  controller: PlayerController;
  api: ProviderApi;
  /** Called by a screen once its content has rendered (first call dispatches `ready`). */
  reportRendered: (screen: string) => void;
}

export const PlayerContext = createContext<PlayerContextValue | null>(null);

export function usePlayer(): PlayerContextValue {
  const ctx = useContext(PlayerContext);
  if (!ctx) throw new Error('usePlayer outside a player');
  return ctx;
}
