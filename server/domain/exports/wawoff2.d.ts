/** wawoff2 ships no types: the one call the PDF fonts use (WOFF2 → TrueType). */
declare module 'wawoff2' {
  const woff2: { decompress(woff2: Uint8Array): Promise<Uint8Array> };
  export default woff2;
}
