import { memo, useDeferredValue, useLayoutEffect, useMemo, useRef, useSyncExternalStore } from 'react';
import sv from '../../../schemas/messages/sv.json';
import type { MetadataProperty } from '../../types';
import { ApplicationForm } from '../ApplicationForm';

/** Whether a field is being dragged: told by the list, read by the preview alone. */
export class DragFlag {
  private dragging = false;
  private readonly listeners = new Set<() => void>();
  readonly subscribe = (listener: () => void) => {
    this.listeners.add(listener);
    return () => void this.listeners.delete(listener);
  };
  readonly get = () => this.dragging;
  readonly set = (dragging: boolean) => {
    if (dragging === this.dragging) return;
    this.dragging = dragging;
    for (const l of this.listeners) l();
  };
}

export interface LivePreviewProps {
  metadata: MetadataProperty[];
  drag: DragFlag;
  mode: 'edit' | 'entry';
  messages?: Record<string, string>;
  positionStart?: number;
}

/**
 * The applicant's view of the form, rendered in the background (deferred) after each change.
 * It lives in its own subtree so that its background render re-renders neither the builder
 * nor the sortable list, and it holds still while a field is dragged: React restarts an
 * unfinished background render after every urgent one, so a preview render left pending by
 * a drop would otherwise be begun again (and thrown away) on each pointer move of the next drag.
 */
export const LivePreview = memo(function LivePreview({ metadata, drag, mode, messages, positionStart }: LivePreviewProps) {
  const dragging = useSyncExternalStore(drag.subscribe, drag.get, drag.get);
  const shown = useRef(metadata);
  const deferred = useDeferredValue(dragging ? shown.current : metadata);
  // What the preview shows is what a render committed, not one React may still throw away.
  useLayoutEffect(() => {
    shown.current = deferred;
  }, [deferred]);
  const form = useMemo(() => ({ metadata: deferred }), [deferred]);
  return <Form form={form} mode={mode} messages={messages} positionStart={positionStart} />;
});

const Form = memo(function Form(props: { form: { metadata: MetadataProperty[] }; mode: 'edit' | 'entry'; messages?: Record<string, string>; positionStart?: number }) {
  return <ApplicationForm form={props.form} mode={props.mode} messages={props.messages} positionStart={props.positionStart} submitLabel={sv.builder.previewSubmit} />;
});
