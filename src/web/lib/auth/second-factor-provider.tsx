import { lazy, Suspense, useCallback, useRef, useState, type ReactNode } from 'react';
import { SecondFactorContext } from './second-factor-context';

// Loaded when first asked for: its form and the contract's schema stay out of the first load.
const SecondFactorDialog = lazy(async () => ({
  default: (await import('./second-factor-dialog')).SecondFactorDialog,
}));

/** Holds the one 'Confirm it is you' dialog that money-out screens open through the context. */
export function SecondFactorProvider({ children }: { children: ReactNode }) {
  const [open, setOpen] = useState(false);
  const settle = useRef<((proved: boolean) => void) | null>(null);

  const confirm = useCallback(
    () =>
      new Promise<boolean>((resolve) => {
        settle.current?.(false);
        settle.current = resolve;
        setOpen(true);
      }),
    [],
  );
  const close = (proved: boolean) => {
    setOpen(false);
    settle.current?.(proved);
    settle.current = null;
  };

  return (
    <SecondFactorContext.Provider value={confirm}>
      {children}
      {open ? (
        <Suspense fallback={null}>
          <SecondFactorDialog onDone={close} />
        </Suspense>
      ) : null}
    </SecondFactorContext.Provider>
  );
}
