import { createContext, useContext } from 'react';

/**
 * Asks the signed-in user for a code from their authenticator app and proves it to the server;
 * resolves true once proved, false when the user cancels.
 */
export type ConfirmSecondFactor = () => Promise<boolean>;

export const SecondFactorContext = createContext<ConfirmSecondFactor | null>(null);

export function useConfirmSecondFactor(): ConfirmSecondFactor {
  const confirm = useContext(SecondFactorContext);
  if (!confirm) throw new Error('useConfirmSecondFactor must be used within SecondFactorProvider');
  return confirm;
}
