/** The URL of the script that defined the element (the entry chunk: this module is part of it). */
export const SCRIPT_URL: string = import.meta.url;
