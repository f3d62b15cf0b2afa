// The link chunk (scripts/rollup-linked-core.mjs), as the entry file imports it (src/entry.ts): the build names its
// file; nothing of it is read there.
export {};
