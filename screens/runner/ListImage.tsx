/** A list cell of format `image`: an in-app or http(s) address as an <img> whose alt text is the row's label; anything else shows nothing. */
export function ListImage({ src, alt }: { src: unknown; alt: string }) {
  if (typeof src !== 'string' || !(src.startsWith('/') || /^https?:\/\//i.test(src))) return null;
  return <img src={src} alt={alt} className="scr-image scr-list-image" loading="lazy" />;
}
