import { proxy } from 'valtio';
import type { PartialPreferences } from '../preferences/defaults';

/** Per-instance state: one proxy per element, never module-level. */
export interface PlayerState {
  /** Client whose preferences are loaded (preferences load once per client change). */
  loadedClient?: string;
  clientStatus: 'idle' | 'loading' | 'ready' | 'not-found' | 'error';
  clientError?: { kind: string; status: number };
  clientName?: string;
  userId?: string;
  layers: { account: PartialPreferences; query: PartialPreferences; local: PartialPreferences };
  shell: { controlsVisible: boolean; fullscreen: boolean };
  ready: boolean;
}

export function createPlayerState(): PlayerState {
  return proxy<PlayerState>({
    clientStatus: 'idle',
    layers: { account: {}, query: {}, local: {} },
    shell: { controlsVisible: false, fullscreen: false },
    ready: false,
  });
}
