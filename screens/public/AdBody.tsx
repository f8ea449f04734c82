/**
 * The ad as applicants see it: the ad image, the lead and the ad text. Shared by the public
 * position page and the ad builder's preview, so the preview is what is published. `p.text` is
 * safe HTML already: the public position answer's went through the one sanitiser on the server
 * (server/domain/public.ts), and the preview sanitises its draft before passing it, so the
 * public pages carry no sanitiser of their own.
 */
export function AdBody({ p }: { p: { banner?: string; description?: string; text?: string } }) {
  return (
    <>
      {p.banner && <img className="pub-ad-banner" src={p.banner} alt="" />}
      {p.description && <p className="pub-lead">{p.description}</p>}
      <div className="pub-richtext" dangerouslySetInnerHTML={{ __html: p.text ?? '' }} />
    </>
  );
}
