import { useCallback, useEffect, useState, type FormEvent } from 'react';
import sv from '../../schemas/messages/sv.json';
import { IMAGE_FOLDERS } from '../../engine/imageLimits';
import { parseOrganisationsnummer } from '../../engine/organisationsnummer';
import { sanitizeHtml } from '../../engine/sanitize';
import { dispatch } from '../api';
import { useContainer, useSession } from '../admin/session';
import { TermsButton } from '../public/TermsDialog';
import type { ContainerProfile, SocialKey } from '../public/types';
import { fieldErrors, messageOf } from '../runner/serverErrors';
import { Field } from '../org/Field';
import { ImageField } from '../org/ImageField';
import { RichText } from '../shared/RichText';
import { Failure, Loading } from '../runner/states';
import type { ViewProps } from '../runner/types';
import { useToast } from '../shared/toast';
import '../org/org.css';
import '../public/public.css';

const t = sv.org;
const SOCIAL: SocialKey[] = ['facebook', 'twitter', 'instagram', 'linkedin', 'github', 'youtube', 'podcast'];
type Text = Exclude<keyof ContainerProfile, 'social' | 'members' | 'showAge' | 'showGender'> | 'dns';

interface Draft extends Record<string, unknown> {
  displayName: string;
  social: Partial<Record<SocialKey, string>>;
  members: string;
  showAge: boolean;
  showGender: boolean;
}

const TEXTS: { key: Text; label: string; type?: 'email' | 'url' | 'tel'; multiline?: boolean; hint?: string }[] = [
  { key: 'orgNumber', label: t.orgNumber, hint: t.orgNumberHint },
  { key: 'description', label: t.description, multiline: true },
  { key: 'address', label: t.address },
  { key: 'zip', label: t.zip },
  { key: 'city', label: t.city },
  { key: 'phone', label: t.phone, type: 'tel' },
  { key: 'fax', label: t.fax, type: 'tel' },
  { key: 'email', label: t.email, type: 'email' },
  { key: 'website', label: t.website, type: 'url' },
  { key: 'dns', label: t.dns, hint: t.dnsHint },
  { key: 'gdprContact', label: t.gdprContact, hint: t.gdprContactHint },
  { key: 'gdprAddress', label: t.gdprAddress },
  { key: 'aboutUsLink', label: t.aboutUsLink, type: 'url' },
  { key: 'supportLink', label: t.supportLink, type: 'url' },
];

function toDraft(c: { displayName?: string; name: string; profile?: Record<string, unknown> }): Draft {
  const p = c.profile ?? {};
  const d: Draft = {
    displayName: c.displayName ?? c.name,
    social: { ...((p.social as Draft['social']) ?? {}) },
    members: ((p.members as string[] | undefined) ?? []).join('\n'),
    showAge: p.showAge === true,
    showGender: p.showGender === true,
    logo: (p.logo as string) ?? '',
    banner: (p.banner as string) ?? '',
    terms: (p.terms as string) ?? '',
  };
  for (const f of TEXTS) d[f.key] = (p[f.key] as string) ?? '';
  return d;
}

/** /admin/container/profile: every key of the company profile (spec document 1 §3), saved with create_containerMetadata. */
export default function CompanyProfile({ screen }: ViewProps) {
  const container = useContainer();
  const { handleError } = useSession();
  const toast = useToast();
  const [draft, setDraft] = useState<Draft | null>(null);
  const [failed, setFailed] = useState(false);
  const [attempt, setAttempt] = useState(0);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    let live = true;
    setFailed(false);
    (dispatch('get_container', { id: container.id }) as Promise<{ displayName?: string; name: string; profile?: Record<string, unknown> }>)
      .then((c) => live && setDraft(toDraft(c)))
      .catch((err: unknown) => {
        if (!live) return;
        handleError(err);
        setFailed(true);
      });
    return () => {
      live = false;
    };
  }, [container.id, attempt, handleError]);

  const save = useCallback(
    async (e: FormEvent) => {
      e.preventDefault();
      if (!draft || busy) return;
      const local: Record<string, string> = {};
      if (!draft.displayName.trim()) local['/metadata/displayName'] = t.displayNameRequired;
      const org = String(draft.orgNumber ?? '').trim();
      if (org && !parseOrganisationsnummer(org)) local['/metadata/orgNumber'] = t.orgNumberInvalid;
      setErrors(local);
      if (Object.keys(local).length) {
        document.getElementById(Object.keys(local)[0] === '/metadata/displayName' ? 'cp-displayName' : 'cp-orgNumber')?.focus();
        return;
      }
      setBusy(true);
      const metadata: Record<string, unknown> = {
        displayName: draft.displayName.trim(),
        logo: draft.logo,
        banner: draft.banner,
        terms: draft.terms,
        social: Object.fromEntries(SOCIAL.map((k) => [k, (draft.social[k] ?? '').trim()])),
        members: draft.members.split('\n').map((m) => m.trim()).filter(Boolean),
        showAge: draft.showAge,
        showGender: draft.showGender,
      };
      for (const f of TEXTS) metadata[f.key] = String(draft[f.key] ?? '');
      try {
        const saved = (await dispatch('create_containerMetadata', { id: container.id, metadata })) as { displayName?: string; name: string; profile?: Record<string, unknown> };
        setDraft(toDraft(saved));
        toast.show(sv.toast.saved);
      } catch (err) {
        handleError(err);
        const found = fieldErrors(err);
        setErrors(found);
        toast.show(messageOf(err), 'error');
        const first = Object.keys(found)[0];
        if (first) document.getElementById(`cp-${first.replace('/metadata/', '').replace('/', '-')}`)?.focus();
      } finally {
        setBusy(false);
      }
    },
    [draft, busy, container.id, toast, handleError],
  );

  if (failed) return (<><h1>{screen.title}</h1><Failure onRetry={() => setAttempt((a) => a + 1)} /></>);
  if (!draft) return (<><h1>{screen.title}</h1><Loading /></>);
  const set = (patch: Partial<Draft>) => setDraft({ ...draft, ...patch });
  const err = (key: string) => errors[`/metadata/${key}`];
  const preview = { id: container.id, name: container.name, displayName: draft.displayName, profile: { terms: sanitizeHtml(String(draft.terms ?? '')) } };
  return (
    <>
      <h1>{screen.title}</h1>
      <p className="adm-hint">{t.profileIntro}</p>
      <form onSubmit={(e) => void save(e)} noValidate>
        <section className="org-section" aria-labelledby="cp-company">
          <h2 id="cp-company">{t.company}</h2>
          <div className="org-grid">
            <Field id="cp-displayName" label={t.displayName} required value={draft.displayName} error={err('displayName')} onChange={(v) => set({ displayName: v })} maxLength={200} />
            {TEXTS.map((f) => (
              <Field key={f.key} id={`cp-${f.key}`} label={f.label} type={f.type} multiline={f.multiline} hint={f.hint} value={String(draft[f.key] ?? '')} error={err(f.key)} onChange={(v) => set({ [f.key]: v })} />
            ))}
          </div>
        </section>
        <section className="org-section" aria-labelledby="cp-images">
          <h2 id="cp-images">{t.images}</h2>
          <div className="org-grid">
            <ImageField id="cp-logo" label={t.logo} containerId={container.id} folder={IMAGE_FOLDERS.logo} value={String(draft.logo ?? '')} error={err('logo')} onChange={(url) => set({ logo: url })} />
            <ImageField id="cp-banner" label={t.publicBanner} containerId={container.id} folder={IMAGE_FOLDERS.publicBanner} value={String(draft.banner ?? '')} error={err('banner')} onChange={(url) => set({ banner: url })} />
          </div>
        </section>
        <section className="org-section" aria-labelledby="cp-terms">
          <h2 id="cp-terms">{t.agreement}</h2>
          <RichText id="cp-terms-text" label={t.agreementLabel} value={String(draft.terms ?? '')} onChange={(html) => set({ terms: html })} />
          <p>
            {t.agreementPreview} <TermsButton container={preview} />
          </p>
        </section>
        <section className="org-section" aria-labelledby="cp-social">
          <h2 id="cp-social">{t.social}</h2>
          <div className="org-grid">
            {SOCIAL.map((k) => (
              <Field key={k} id={`cp-social-${k}`} label={t.socialNames[k]} type="url" value={draft.social[k] ?? ''} error={err(`social/${k}`)} onChange={(v) => set({ social: { ...draft.social, [k]: v } })} />
            ))}
          </div>
        </section>
        <section className="org-section" aria-labelledby="cp-more">
          <h2 id="cp-more">{t.more}</h2>
          <Field id="cp-members" label={t.members} hint={t.membersHint} multiline value={draft.members} error={err('members')} onChange={(v) => set({ members: v })} />
          <div className="adm-check">
            <input id="cp-showAge" type="checkbox" checked={draft.showAge} onChange={(e) => set({ showAge: e.target.checked })} />
            <label htmlFor="cp-showAge">{t.showAge}</label>
          </div>
          <div className="adm-check">
            <input id="cp-showGender" type="checkbox" checked={draft.showGender} onChange={(e) => set({ showGender: e.target.checked })} />
            <label htmlFor="cp-showGender">{t.showGender}</label>
          </div>
        </section>
        <div className="adm-form-actions">
          <button type="submit" className="adm-button adm-button-primary" disabled={busy}>
            {t.saveProfile}
          </button>
        </div>
      </form>
    </>
  );
}
