import sv from '../../schemas/messages/sv.json';
import { Link } from './router';
import type { PublicContainer, SocialKey } from './types';

const s = sv.public;

const SOCIAL: SocialKey[] = ['facebook', 'twitter', 'instagram', 'linkedin', 'github', 'youtube', 'podcast'];

/** Only http(s) and mailto links from organisation data reach an href. */
export function safeHref(url: string | undefined): string | undefined {
  if (!url) return undefined;
  const trimmed = url.trim();
  if (/^https?:\/\//i.test(trimmed) || /^mailto:/i.test(trimmed)) return trimmed;
  if (/^[a-z0-9.-]+\.[a-z]{2,}(\/\S*)?$/i.test(trimmed)) return `https://${trimmed}`;
  return undefined;
}

/** The footer: the organisation's contact details and social links, or the portal's line. */
export function SiteFooter({ container }: { container: PublicContainer | null }) {
  const p = container?.profile;
  const social = SOCIAL.map((k) => ({ k, href: safeHref(p?.social?.[k]) })).filter((x): x is { k: SocialKey; href: string } => !!x.href);
  const website = safeHref(p?.website);
  const more = [
    { href: safeHref(p?.aboutUsLink), text: s.aboutUs },
    { href: safeHref(p?.supportLink), text: s.support },
  ].filter((l): l is { href: string; text: string } => !!l.href);
  const place = [p?.zip, p?.city].filter(Boolean).join(' ');
  return (
    <footer className="pub-footer">
      {container ? (
        <div className="pub-footer-inner">
          <section aria-labelledby="pub-contact-heading" className="pub-contact">
            <h2 id="pub-contact-heading">{s.contactHeading}</h2>
            <p className="pub-footer-name">{container.displayName}</p>
            <dl>
              {(p?.address || place) && (
                <div>
                  <dt>{s.address}</dt>
                  <dd>{[p?.address, place].filter(Boolean).join(', ')}</dd>
                </div>
              )}
              {p?.phone && (
                <div>
                  <dt>{s.phone}</dt>
                  <dd>
                    <a href={`tel:${p.phone.replace(/[^\d+]/g, '')}`}>{p.phone}</a>
                  </dd>
                </div>
              )}
              {p?.email && (
                <div>
                  <dt>{s.email}</dt>
                  <dd>
                    <a href={`mailto:${p.email}`}>{p.email}</a>
                  </dd>
                </div>
              )}
              {website && (
                <div>
                  <dt>{s.website}</dt>
                  <dd>
                    <a href={website}>{p?.website}</a>
                  </dd>
                </div>
              )}
              {p?.orgNumber && (
                <div>
                  <dt>{s.orgNumber}</dt>
                  <dd>{p.orgNumber}</dd>
                </div>
              )}
            </dl>
            {more.length > 0 && (
              <ul className="pub-footer-links">
                {more.map((l) => (
                  <li key={l.text}>
                    <a href={l.href}>{l.text}</a>
                  </li>
                ))}
              </ul>
            )}
          </section>
          {social.length > 0 && (
            <nav aria-label={s.socialHeading} className="pub-social">
              <h2>{s.socialHeading}</h2>
              <ul>
                {social.map(({ k, href }) => (
                  <li key={k}>
                    <a href={href} className="pub-social-link">
                      {s.social[k]}
                    </a>
                  </li>
                ))}
              </ul>
            </nav>
          )}
        </div>
      ) : (
        <div className="pub-footer-inner">
          <p>{s.portalFooter}</p>
        </div>
      )}
      <p className="pub-footer-inner pub-footer-a11y">
        <Link to="/tillganglighet">{sv.public.accessibilityLink}</Link>
      </p>
    </footer>
  );
}
