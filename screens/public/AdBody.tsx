import { sanitizeHtml } from '../../engine/sanitize';

/**
 * The ad as applicants see it: the ad image, the lead and the sanitised ad text. Shared by the
 * public position page and the ad builder's preview, so the preview is what is published.
 */
export function AdBody({ p }: { p: { banner?: string; description?: string; text?: string } }) {
  return (
    <>
      {p.banner && <img className="pub-ad-banner" src={p.banner} alt="" />}
      {p.description && <p className="pub-lead">{p.description}</p>}
      <div className="pub-richtext" dangerouslySetInnerHTML={{ __html: sanitizeHtml(p.text) }} />
    </>
  );
}
