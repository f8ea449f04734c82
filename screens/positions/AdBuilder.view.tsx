import { useEffect, useMemo, useRef, useState } from "react";
import { useNavigate, useParams } from "react-router-dom";
import sv from "../../schemas/messages/sv.json";
import { FormBuilder } from "../../engine/react/builder";
import type { MetadataProperty } from "../../engine/types";
import { useToast } from "../shared/toast";
import {
  formatStockholmDate as formatDate,
  stockholmDateToUnix,
  todayInStockholm,
} from "../../engine/dates";
import type { ViewProps } from "../runner/types";
import { viewCall } from "../runner/viewCall";
import { useContainer, useSession } from "../runner/session/session";
import {
  listTemplates,
  NoTemplatesFolder,
  type StoredTemplate,
} from "../templates/templateApi";
import {
  AdFields,
  adErrors,
  anonymityToDraft,
  draftToAnonymity,
  type AdDraft,
} from "./AdFields";
import { SsnModeField } from "./SsnModeField";
import type { SsnMode } from "../../engine/ssn-mode";
import "../../widgets/register";
import { BusyButton } from "../shared/BusyButton";

const t = sv.admin.ads;
const call = viewCall("AdBuilder");
const DAY = 86_400;

function templatesFor(all: StoredTemplate[], typeId: number): StoredTemplate[] {
  return all.filter((x) =>
    x.template.availableInPositionTypes.some(
      (a) => a.positionTypeId === typeId && a.included,
    ),
  );
}

/**
 * The view block of the ad builder (schemas/screens/position-builder.json, position-edit.json):
 * /admin/positions/:action/:type (action public or internal, the screen's `params`) creates an
 * ad of a position type, its form started from the type's default template or a chosen one; /admin/positions/:id/edit edits
 * the position its page's head block loaded (`given`). Saving ends on /admin/positions. The
 * heading, the link back, copy and delete are the page's blocks. It stays code: the form part is
 * the drag-and-drop form builder, and the ad's fields check each other (dates) as you type.
 */
export default function AdBuilder({ given }: ViewProps) {
  const { action, type, id } = useParams();
  const editing = id !== undefined;
  const position = given?.action === "get_position" ? given.answer : undefined;
  const container = useContainer();
  const { handleError } = useSession();
  const toast = useToast();
  const navigate = useNavigate();
  const typeId = Number(type);
  // An unknown type: the page's head block says it is not found.
  const knownType =
    editing || container.positionTypes.some((p) => p.id === typeId);

  const [draft, setDraft] = useState<AdDraft | null>(null);
  const [initial, setInitial] = useState<{
    metadata: MetadataProperty[];
  } | null>(null);
  const [templates, setTemplates] = useState<StoredTemplate[]>([]);
  const [templateNote, setTemplateNote] = useState("");
  const [chosen, setChosen] = useState("");
  const [showErrors, setShowErrors] = useState(false);
  const [busy, setBusy] = useState(false);
  const form = useRef<{ metadata: MetadataProperty[]; valid: boolean }>({
    metadata: [],
    valid: true,
  });
  const [formValid, setFormValid] = useState(true);
  // The form's own personnummer mode; '' follows the organisation's (issue 28).
  const [ssnMode, setSsnMode] = useState<SsnMode | "">("");
  const dirty = useRef(false);
  const seen = useRef<MetadataProperty[] | null>(null);

  useEffect(() => {
    if (!knownType) return;
    let live = true;
    (async () => {
      if (editing) {
        // The page's head block loaded it; the writer right on the position (container or
        // per-position) is the runner's positionWrite guard (screens/runner/Guard.tsx).
        const p = position;
        if (!p) return;
        setDraft({
          name: p.name,
          text: p.text ?? "",
          description: p.description ?? "",
          city: p.city ?? "",
          startDate: formatDate(p.start),
          stopDate: formatDate(p.stop),
          isInternal: !!p.isInternal,
          positionTypeId: p.positionTypeId,
          responsibleId: p.responsibleId ?? "",
          banner: p.banner ?? "",
          anonymous: anonymityToDraft(p.anonymous),
        });
        setInitial({ metadata: p.metadata ?? [] });
        setSsnMode(p.ssnMode ?? "");
        return;
      }
      const today = todayInStockholm();
      setDraft({
        name: "",
        text: "",
        description: "",
        city: "",
        startDate: today,
        stopDate: formatDate((stockholmDateToUnix(today) ?? 0) + 31 * DAY),
        isInternal: action === "internal",
        positionTypeId: typeId,
        responsibleId: "",
        banner: "",
        anonymous: "",
      });
      try {
        const { templates: all } = await listTemplates(container.id);
        if (!live) return;
        const mine = templatesFor(all, typeId);
        const start =
          mine.find((x) =>
            x.template.availableInPositionTypes.some(
              (a) => a.positionTypeId === typeId && a.default,
            ),
          ) ?? mine[0];
        setTemplates(mine);
        setChosen(start ? String(start.asset.id) : "");
        if (!start) setTemplateNote(t.noTemplateForType);
        setInitial({ metadata: start?.template.metadata ?? [] });
      } catch (err) {
        if (!live) return;
        setTemplateNote(
          err instanceof NoTemplatesFolder ? err.message : handleError(err),
        );
        setInitial({ metadata: [] });
      }
    })();
    return () => {
      live = false;
    };
    // The draft starts from the position once: a reloaded head does not overwrite the edits.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [
    knownType,
    editing,
    position?.id,
    action,
    typeId,
    container.id,
  ]);

  // Leaving with unsaved changes asks first (the browser's own dialog).
  useEffect(() => {
    const warn = (e: BeforeUnloadEvent) => {
      if (dirty.current) e.preventDefault();
    };
    window.addEventListener("beforeunload", warn);
    return () => window.removeEventListener("beforeunload", warn);
  }, []);

  const errors = useMemo(() => (draft ? adErrors(draft) : {}), [draft]);

  if (!knownType) return null;
  if (!draft || !initial) return <p role="status">{sv.app.loading}</p>;

  const done = (text: string) => {
    dirty.current = false;
    toast.show(text);
    navigate("/admin/positions");
  };

  async function save() {
    if (!draft || busy) return;
    setShowErrors(true);
    const start = stockholmDateToUnix(draft.startDate);
    const stop = stockholmDateToUnix(draft.stopDate, true);
    const first = Object.keys(errors)[0];
    if (first || start === null || stop === null) {
      document.getElementById(`ad-${first ?? "startDate"}`)?.focus();
      return;
    }
    if (!form.current.valid) {
      toast.show(t.formInvalid, "error");
      return;
    }
    setBusy(true);
    const payload = {
      containerId: container.id,
      name: draft.name.trim(),
      text: draft.text,
      description: draft.description,
      city: draft.city,
      start,
      stop,
      isInternal: draft.isInternal,
      positionTypeId: draft.positionTypeId,
      ...(draft.responsibleId ? { responsibleId: draft.responsibleId } : {}),
      banner: draft.banner,
      anonymous: draftToAnonymity(draft.anonymous),
      metadata: form.current.metadata,
      ...(ssnMode ? { ssnMode } : {}),
    };
    try {
      await (editing
        ? call("update_position", { id: Number(id), ...payload })
        : call("create_position", payload));
      done(sv.toast.saved);
    } catch (err) {
      toast.show(handleError(err) || sv.toast.errorRetry, "error");
      setBusy(false);
    }
  }

  return (
    <>
      <AdFields
        draft={draft}
        errors={errors}
        showErrors={showErrors}
        container={container}
        onChange={(patch) => {
          dirty.current = true;
          setDraft((d) => (d ? { ...d, ...patch } : d));
        }}
      />
      <h2>{t.formHeading}</h2>
      {!editing && (
        <div className="adm-form">
          {templateNote && (
            <p role="alert" className="adm-error">
              {templateNote}
            </p>
          )}
          {templates.length > 0 && (
            <>
              <label htmlFor="ad-template">{t.template}</label>
              <select
                id="ad-template"
                value={chosen}
                onChange={(e) => {
                  const next = templates.find(
                    (x) => String(x.asset.id) === e.target.value,
                  );
                  setChosen(e.target.value);
                  setInitial({ metadata: next?.template.metadata ?? [] });
                }}
              >
                {templates.map((x) => (
                  <option key={x.asset.id} value={String(x.asset.id)}>
                    {x.template.name}
                  </option>
                ))}
              </select>
              <p className="adm-hint">{t.templateHint}</p>
            </>
          )}
        </div>
      )}
      <SsnModeField
        value={ssnMode}
        own={editing && !!position?.ssnMode}
        onChange={(mode) => {
          dirty.current = true;
          setSsnMode(mode);
        }}
      />
      <FormBuilder
        key={chosen}
        initial={initial}
        onChange={(f, valid) => {
          if (seen.current && seen.current !== f.metadata) dirty.current = true;
          seen.current = f.metadata;
          form.current = { metadata: f.metadata, valid };
          setFormValid(valid);
        }}
        notify={(text, kind) => toast.show(text, kind)}
        today={todayInStockholm()}
        positionStart={stockholmDateToUnix(draft.startDate) ?? undefined}
      />
      <div className="adm-form-actions">
        <BusyButton
          type="button"
          className="adm-button adm-button-primary"
          onClick={save}
          busy={busy}
          aria-describedby={formValid ? undefined : "ad-form-invalid"}
        >
          {t.save}
        </BusyButton>
        {!formValid && (
          <span id="ad-form-invalid" className="adm-form-error">
            {t.formInvalid}
          </span>
        )}
      </div>
    </>
  );
}
