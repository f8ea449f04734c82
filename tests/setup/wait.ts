/**
 * How long a screen test waits for a state it asserts (findBy…, waitFor). The rooms run side by
 * side on CI's two cores, where a lazily loaded screen once took over 5 s to draw; a wait that
 * holds returns at once, so the bound costs only a test that is failing anyway. tests/setup/dom.ts
 * makes it the default of every findBy and waitFor; `SLOW` passes it where a call names options.
 */
export const WAIT_MS = 20_000;
export const SLOW = { timeout: WAIT_MS } as const;
