import { useId, useLayoutEffect, useRef, type ReactNode } from 'react';

interface ModalProps {
  title: string;
  /** Close, Escape, or a click on the backdrop (the "modal's close request" of trader spec 4). */
  onClose: () => void;
  children: ReactNode;
  footer?: ReactNode;
  /** `wide` for dense content (tables, charts); both fit the screen's width. */
  size?: 'default' | 'wide';
}

/**
 * A modal on the browser's own <dialog>: focus stays inside, the page behind is inert and Escape
 * closes it. Mounted only while open, so each opening starts fresh.
 */
export function Modal({ title, onClose, children, footer, size = 'default' }: ModalProps) {
  const ref = useRef<HTMLDialogElement>(null);
  const headingId = useId();

  // A layout effect: its cleanup runs while the <dialog> is still in the document, so close()
  // hands focus back to the opener. (A passive effect's cleanup runs after React removed it,
  // and a removed modal dialog returns focus to nothing.)
  useLayoutEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    dialog.showModal();
    return () => dialog.close();
  }, []);

  return (
    <dialog
      ref={ref}
      aria-labelledby={headingId}
      onCancel={(event) => {
        // Escape: React unmounts it, rather than the browser closing it behind React's back.
        event.preventDefault();
        onClose();
      }}
      onClick={(event) => {
        if (event.target === event.currentTarget) onClose();
      }}
      className={`m-auto ${size === 'wide' ? 'w-[min(64rem,calc(100vw-2rem))]' : 'w-[min(42rem,calc(100vw-2rem))]'} rounded-2xl border border-slate-700 bg-slate-900 p-0 text-slate-100 shadow-2xl backdrop:bg-slate-950/70`}
    >
      <div className="max-h-[85vh] overflow-y-auto p-5 sm:p-6">
        <h2 id={headingId} className="mb-4 text-xl font-semibold text-white">
          {title}
        </h2>
        {children}
      </div>
      {footer ? (
        <div className="flex flex-wrap justify-end gap-2 border-t border-slate-700 px-5 py-4 sm:px-6">
          {footer}
        </div>
      ) : null}
    </dialog>
  );
}
