/**
 * How long a code chunk may take to arrive before it counts as failed: 120,000 ms (spec
 * document 2, constants). The app's chunks (screens/chunks.ts) and the apply page's form
 * validator module (engine/precompiled.ts) both wait this long.
 */
export const CHUNK_TIMEOUT_MS = 120_000;
