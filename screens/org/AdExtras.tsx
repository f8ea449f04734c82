import { useEffect, useState } from 'react';
import { Link } from 'react-router-dom';
import sv from '../../schemas/messages/sv.json';
import { IMAGE_FOLDERS, publicAssetUrl } from '../../engine/imageLimits';
import { dispatch } from '../api';
import { sanitizeHtml } from '../../engine/sanitize';
import { AdBody } from '../public/AdBody';
import { folderImages, type Asset } from './api';
import './org.css';
import '../public/public.css';

const t = sv.org;

/** The organisation's text templates, offered for insertion into the ad text. */
export function AdTextTemplates({ containerId, onInsert }: { containerId: number; onInsert(html: string): void }) {
  const [list, setList] = useState<{ id: number; title: string; text: string }[] | null>(null);
  const [chosen, setChosen] = useState('');
  useEffect(() => {
    let live = true;
    dispatch('get_textTemplates', { containerId })
      .then((l) => live && setList(l))
      .catch(() => live && setList([]));
    return () => {
      live = false;
    };
  }, [containerId]);
  if (!list || list.length === 0) return null;
  const template = list.find((x) => String(x.id) === chosen);
  return (
    <div className="adm-row">
      <div className="org-field">
        <label htmlFor="ad-text-template">{t.adTextTemplate}</label>
        <select id="ad-text-template" value={chosen} onChange={(e) => setChosen(e.target.value)}>
          <option value="">{t.adChooseTemplate}</option>
          {list.map((x) => (
            <option key={x.id} value={x.id}>
              {x.title}
            </option>
          ))}
        </select>
      </div>
      <div>
        <button type="button" className="adm-button" disabled={!template} onClick={() => template && onInsert(template.text)}>
          {t.adInsertTemplate}
        </button>
      </div>
    </div>
  );
}

/** The organisation's ad images ('Annonsbilder') to choose from for the position. */
export function AdBannerPicker({ containerId, value, onChange }: { containerId: number; value: string; onChange(url: string): void }) {
  const [images, setImages] = useState<Asset[] | null>(null);
  useEffect(() => {
    let live = true;
    folderImages(containerId, IMAGE_FOLDERS.adBanners)
      .then((l) => live && setImages(l))
      .catch(() => live && setImages([]));
    return () => {
      live = false;
    };
  }, [containerId]);
  return (
    <fieldset className="adm-fieldset">
      <legend>{t.adBanner}</legend>
      {images === null && <p role="status">{sv.screens.loading}</p>}
      {images && images.length === 0 && (
        <p className="adm-hint">
          {t.adNoBanners} <Link to="/admin/banners">{t.adManageBanners}</Link>
        </p>
      )}
      {images && images.length > 0 && (
        <div className="org-banners" role="radiogroup" aria-label={t.adBanner}>
          <div className="adm-check">
            <input id="ad-banner-none" type="radio" name="ad-banner" checked={!value} onChange={() => onChange('')} />
            <label htmlFor="ad-banner-none">{t.adNoBanner}</label>
          </div>
          {images.map((a) => {
            const url = publicAssetUrl(containerId, a.id);
            return (
              <div className="adm-check" key={a.id}>
                <input id={`ad-banner-${a.id}`} type="radio" name="ad-banner" checked={value === url} onChange={() => onChange(url)} />
                <label htmlFor={`ad-banner-${a.id}`}>
                  <img src={url} alt="" style={{ width: '8rem', height: '3rem', objectFit: 'cover', display: 'block' }} />
                  {a.name}
                </label>
              </div>
            );
          })}
        </div>
      )}
    </fieldset>
  );
}

/** The ad as applicants will see it (the public page's own AdBody), beside the fields. */
export function AdPreview({ draft }: { draft: { name: string; description: string; text: string; banner: string; city: string } }) {
  return (
    <section className="org-section" aria-labelledby="ad-preview-title">
      <h2 id="ad-preview-title">{t.adPreview}</h2>
      <div className="org-ad-preview pub-root">
        <p className="pub-work-at" style={{ fontSize: '1.5rem', fontWeight: 700, margin: 0 }}>
          {draft.name || t.adPreviewNoName}
        </p>
        {draft.city && <p>{draft.city}</p>}
        <AdBody p={{ ...draft, text: sanitizeHtml(draft.text) }} />
      </div>
    </section>
  );
}
