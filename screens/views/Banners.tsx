import { useCallback, useEffect, useState } from 'react';
import sv from '../../schemas/messages/sv.json';
import { IMAGE_FOLDERS, IMAGE_LIMITS, publicAssetUrl } from '../../engine/imageLimits';
import { dispatch } from '../api';
import { useContainer, useSession } from '../admin/session';
import { folderImages, uploadImage, type Asset } from '../org/api';
import { messageOf } from '../runner/serverErrors';
import { Failure, Loading } from '../runner/states';
import type { ViewProps } from '../runner/types';
import { useConfirm } from '../shared/ConfirmDialog';
import { useToast } from '../shared/toast';
import '../org/org.css';
import { fill } from '../../engine/fill';

const t = sv.org;
const FOLDER = IMAGE_FOLDERS.adBanners;
const limits = IMAGE_LIMITS[FOLDER]!;

/** /admin/banners ('Annonsbilder'): the organisation's ad images; the ad builder offers them for a position. */
export default function Banners({ screen }: ViewProps) {
  const container = useContainer();
  const { handleError } = useSession();
  const toast = useToast();
  const { confirm, dialog } = useConfirm();
  const [images, setImages] = useState<Asset[] | null>(null);
  const [failed, setFailed] = useState(false);
  const [attempt, setAttempt] = useState(0);
  const [problem, setProblem] = useState('');
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    let live = true;
    setFailed(false);
    folderImages(container.id, FOLDER)
      .then((list) => live && setImages(list))
      .catch((err: unknown) => {
        if (!live) return;
        handleError(err);
        setFailed(true);
      });
    return () => {
      live = false;
    };
  }, [container.id, attempt, handleError]);

  const upload = useCallback(
    async (file: File | undefined) => {
      if (!file || busy) return;
      setProblem('');
      setBusy(true);
      try {
        const { asset } = await uploadImage(container.id, FOLDER, file);
        setImages((list) => [...(list ?? []), asset]);
        toast.show(sv.toast.saved);
      } catch (err) {
        handleError(err);
        setProblem(messageOf(err));
      } finally {
        setBusy(false);
      }
    },
    [busy, container.id, toast, handleError],
  );

  const remove = useCallback(
    async (a: Asset) => {
      if (!(await confirm({ title: t.removeBannerTitle, message: fill(t.removeBannerConfirm, { name: a.name }), confirmLabel: t.remove, danger: true }))) return;
      try {
        await dispatch('delete_ContainerAsset', { containerId: container.id, folderId: a.folderId, id: a.id });
        setImages((list) => (list ?? []).filter((x) => x.id !== a.id));
        toast.show(t.bannerRemoved);
      } catch (err) {
        toast.show(handleError(err), 'error');
      }
    },
    [confirm, container.id, toast, handleError],
  );

  return (
    <>
      <h1>{screen.title}</h1>
      <p className="adm-hint">{t.bannersIntro}</p>
      <div className="org-field org-section">
        <label htmlFor="banner-file">{t.uploadBanner}</label>
        <input
          id="banner-file"
          type="file"
          accept="image/png,image/jpeg,image/gif,image/bmp,image/webp"
          disabled={busy}
          aria-invalid={problem ? true : undefined}
          aria-describedby="banner-hint banner-error"
          onChange={(e) => {
            void upload(e.target.files?.[0]);
            e.target.value = '';
          }}
        />
        <p id="banner-hint" className="adm-hint">
          {fill(t.imageHint, { minW: String(limits.minWidth), minH: String(limits.minHeight), maxW: String(limits.maxWidth), maxH: String(limits.maxHeight) })}
        </p>
        <p id="banner-error" className="org-error" role={problem ? 'alert' : undefined}>
          {busy ? t.uploading : problem}
        </p>
      </div>
      {failed && <Failure onRetry={() => setAttempt((a) => a + 1)} />}
      {!failed && images === null && <Loading />}
      {images && images.length === 0 && <p>{t.noBanners}</p>}
      {images && images.length > 0 && (
        <ul className="org-banners" aria-label={screen.title}>
          {images.map((a) => (
            <li key={a.id}>
              <img src={publicAssetUrl(container.id, a.id)} alt={a.name} />
              <span>{a.name}</span>
              <button type="button" className="adm-button adm-button-small adm-button-danger" onClick={() => void remove(a)}>
                {`${t.remove} ${a.name}`}
              </button>
            </li>
          ))}
        </ul>
      )}
      {dialog}
    </>
  );
}
