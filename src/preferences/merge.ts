import { DEFAULT_PREFERENCES, type PartialPreferences, type Preferences } from './defaults';

export interface PreferenceLayers {
  account: PartialPreferences;
  query: PartialPreferences;
  local: PartialPreferences;
}

/** Precedence: defaults < account < query < local; a non-zero query ignoreLocal skips local. */
export function mergePreferences({ account, query, local }: PreferenceLayers): Preferences {
  const skipLocal = Boolean(query.ignoreLocal);
  return {
    ...DEFAULT_PREFERENCES,
    ...account,
    ...query,
    ...(skipLocal ? {} : local),
  } as Preferences;
}
