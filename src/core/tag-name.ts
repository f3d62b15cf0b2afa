/** The element's name (the entry's first requests find the page's players by it before the core defines it). */
export const TAG_NAME = 'patient-ed-player';
