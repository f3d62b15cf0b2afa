import { DEFAULT_PREFERENCES, type PartialPreferences, type Preferences } from './defaults';

export interface PreferenceLayers {
  account: PartialPreferences;
  query: PartialPreferences;
  local: PartialPreferences;
  /** The visitor's choices while ignoreLocal is on: kept in memory for this page only, never stored. */
  session?: PartialPreferences;
}

/**
 * Precedence: defaults < account < query < local; a non-zero query ignoreLocal skips the stored local
 * layer (the visitor's choices made on this page then live in the session layer instead).
 */
export function mergePreferences({ account, query, local, session = {} }: PreferenceLayers): Preferences {
  const skipLocal = Boolean(query.ignoreLocal);
  return {
    ...DEFAULT_PREFERENCES,
    ...account,
    ...query,
    ...(skipLocal ? session : local),
  };
}
