import { Link } from 'react-router-dom';
import sv from '../../../schemas/messages/sv.json';
import { useContainer } from '../session';

const t = sv.admin.ads;

/** /admin/positions/new: the ad type picker, by position type (public or internal ad). */
export default function AdPicker() {
  const container = useContainer();
  return (
    <>
      <h1>{t.pickTitle}</h1>
      <p>{t.pickIntro}</p>
      {container.positionTypes.length === 0 && <p role="alert">{t.noTypes}</p>}
      <ul className="adm-cards">
        {container.positionTypes.map((pt) => (
          <li key={pt.id} className="adm-card">
            <h2 className="adm-card-title">{pt.name}</h2>
            <div className="adm-actions">
              <Link to={`/admin/positions/public/${pt.id}`} className="adm-button adm-button-primary" aria-label={`${t.publicAd}: ${pt.name}`}>
                {t.publicAd}
              </Link>
              <Link to={`/admin/positions/internal/${pt.id}`} className="adm-button" aria-label={`${t.internalAd}: ${pt.name}`}>
                {t.internalAd}
              </Link>
            </div>
          </li>
        ))}
      </ul>
    </>
  );
}
