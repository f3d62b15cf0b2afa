/** Native names of the interface languages: shown untranslated on purpose (each in its own language). */
export const LANGUAGE_NAMES: Record<string, string> = {
  en: 'English',
  es: 'Español',
  de: 'Deutsch',
  ar: 'العربية',
  pt: 'Português',
};

/** A language code's name: its own name when known, the code otherwise. */
export const languageName = (code: string) => LANGUAGE_NAMES[code] ?? code;
