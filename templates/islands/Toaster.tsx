// The notifications of the form and reviews islands (a title and a text, some
// "destructive"). The region is in the HTML from the start, so screen readers announce what
// appears in it; a toast closes itself after a while or on its close button.
import { useCallback, useEffect, useRef, useState } from 'react';

export interface ToastMessage {
  title: string;
  description: string;
  variant?: 'default' | 'destructive';
}

interface ShownToast extends ToastMessage {
  id: number;
}

export const TOAST_DURATION_MS = 6000;

export function useToasts() {
  const [toasts, setToasts] = useState<ShownToast[]>([]);
  const nextId = useRef(1);
  const timers = useRef(new Map<number, ReturnType<typeof setTimeout>>());
  const dismiss = useCallback((id: number) => {
    clearTimeout(timers.current.get(id));
    timers.current.delete(id);
    setToasts((shown) => shown.filter((toast) => toast.id !== id));
  }, []);
  const show = useCallback(
    (toast: ToastMessage) => {
      const id = nextId.current++;
      // At most three at once: the newest matter.
      setToasts((shown) => [...shown.slice(-2), { ...toast, id }]);
      timers.current.set(id, setTimeout(() => dismiss(id), TOAST_DURATION_MS));
    },
    [dismiss],
  );
  useEffect(() => () => timers.current.forEach((timer) => clearTimeout(timer)), []);
  return { toasts, show, dismiss };
}

/** `closeLabel` names the close button for screen readers; each island passes it from its words. */
export function Toaster({ toasts, onDismiss, closeLabel }: { toasts: readonly ShownToast[]; onDismiss(id: number): void; closeLabel: string }) {
  return (
    <div className="toaster" aria-live="polite" aria-relevant="additions text">
      {toasts.map((toast) => (
        <div key={toast.id} className={toast.variant === 'destructive' ? 'toast toast-destructive' : 'toast'} data-toast={toast.variant ?? 'default'}>
          <div className="toast-body">
            <p className="toast-title">{toast.title}</p>
            <p className="toast-text">{toast.description}</p>
          </div>
          <button type="button" className="toast-close" onClick={() => onDismiss(toast.id)} aria-label={closeLabel}>
            ×
          </button>
        </div>
      ))}
    </div>
  );
}
