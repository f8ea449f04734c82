import { createContext, useCallback, useContext, useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import sv from '../../schemas/messages/sv.json';
import './toast.css';

/** Spec document 2 §8: toasts last 1500 ms and are dismissible. */
const TOAST_MS = 1500;

type ToastKind = 'success' | 'error';

interface Toast {
  id: number;
  text: string;
  kind: ToastKind;
}

interface ToastApi {
  show(text: string, kind?: ToastKind): void;
}

const ToastContext = createContext<ToastApi | null>(null);

function ToastItem({ toast, onClose }: { toast: Toast; onClose(id: number): void }) {
  useEffect(() => {
    const t = setTimeout(() => onClose(toast.id), TOAST_MS);
    return () => clearTimeout(t);
  }, [toast.id, onClose]);
  return (
    <div className={`toast toast-${toast.kind}`}>
      <span>{toast.text}</span>
      <button type="button" className="toast-close" aria-label={sv.toast.close} onClick={() => onClose(toast.id)}>
        ×
      </button>
    </div>
  );
}

/** Holds the toasts of the page; the region is always in the DOM so screen readers hear new ones. */
export function ToastProvider({ children }: { children: ReactNode }) {
  const [toasts, setToasts] = useState<Toast[]>([]);
  const next = useRef(1);
  const close = useCallback((id: number) => setToasts((ts) => ts.filter((t) => t.id !== id)), []);
  const api = useMemo<ToastApi>(
    () => ({
      show: (text, kind = 'success') => setToasts((ts) => [...ts.slice(-4), { id: next.current++, text, kind }]),
    }),
    [],
  );
  return (
    <ToastContext.Provider value={api}>
      {children}
      <div className="toast-region" role="status" aria-live="polite">
        {toasts.map((t) => (
          <ToastItem key={t.id} toast={t} onClose={close} />
        ))}
      </div>
    </ToastContext.Provider>
  );
}

/** `const toast = useToast(); toast.show('Mall sparad')`. Throws outside a ToastProvider. */
export function useToast(): ToastApi {
  const api = useContext(ToastContext);
  if (!api) throw new Error('useToast must be used inside <ToastProvider>');
  return api;
}
